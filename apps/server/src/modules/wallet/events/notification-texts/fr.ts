import type { NotificationTexts } from './en.ts';

export const FRENCH_NOTIFICATION_TEXTS: NotificationTexts = {
  depositApproved: {
    title: 'Dépôt approuvé',
    message: '{amount} points ont été crédités sur votre compte.',
  },
  depositApprovedWithBonus: {
    title: 'Dépôt approuvé',
    message: '{amount} points et {bonus} pièces bonus ont été crédités sur votre compte.',
  },
  bonusGranted: {
    title: 'Bonus activé',
    message:
      '{bonus} pièces bonus créditées. Misez {wagering} points sur les jeux de casino pour les convertir en argent.',
  },
  bonusConverted: {
    title: 'Bonus converti en argent',
    message: "Conditions de mise remplies : {amount} pièces bonus sont maintenant de l'argent.",
  },
  bonusExpired: {
    title: 'Bonus expiré',
    message:
      'Votre bonus a expiré avant que les conditions de mise soient remplies : {amount} pièces bonus ont été reprises.',
  },
  referralRewarded: {
    title: 'Récompense de parrainage',
    message: '{friend} a fait un premier dépôt : {bonus} pièces bonus créditées sur votre compte.',
  },
  depositDeclined: {
    title: 'Dépôt refusé',
    message: 'Votre dépôt de {amount} points a été refusé : {reason}',
  },
  depositCancelled: {
    title: 'Dépôt annulé',
    message:
      'Vous avez annulé votre dépôt de {amount} points sur la passerelle. Rien n’a été prélevé.',
  },
  depositExpiredUnreviewed: {
    title: 'Dépôt expiré',
    message: 'Votre dépôt de {amount} points a expiré : il n’a pas été examiné à temps.',
  },
  depositExpiredUnpaid: {
    title: 'Dépôt expiré',
    message: 'Votre dépôt de {amount} points a expiré : il n’a pas été payé à temps.',
  },
  withdrawalApproved: {
    title: 'Retrait approuvé',
    message: '{amount} points sont en route vers {destination}.',
  },
  withdrawalDeclined: {
    title: 'Retrait refusé',
    message: '{amount} points sont de retour sur votre solde. {reason}',
  },
  kycApproved: {
    title: 'KYC approuvé',
    message:
      'Vos documents sont vérifiés. Les retraits plus importants vous sont désormais ouverts.',
  },
  kycDeclined: { title: 'KYC refusé', message: '{reason}' },
  marketWon: { title: 'Marché réglé', message: '{market} : {amount} points gagnés' },
  marketLost: { title: 'Marché réglé', message: '{market} : {amount} points perdus' },
  marketVoided: { title: 'Marché annulé', message: '{market} : paris remboursés' },
  balanceCredited: { title: 'Solde ajusté', message: '{amount} points crédités : {reason}' },
  balanceDebited: { title: 'Solde ajusté', message: '{amount} points débités : {reason}' },
  contactAnswered: { title: 'Votre message a reçu une réponse', message: '{answer}' },
  sportsbookWon: {
    title: 'Pari sportif gagné',
    message: '{slip} : {amount} points versés sur votre solde.',
  },
  sportsbookCashedOut: {
    title: 'Pari sportif encaissé',
    message: '{slip} : {amount} points versés sur votre solde.',
  },
  sportsbookLost: {
    title: 'Pari sportif perdu',
    message: '{slip} : votre mise de {amount} points est perdue.',
  },
  sportsbookRefunded: {
    title: 'Pari sportif remboursé',
    message: '{slip} : votre mise de {amount} points est revenue sur votre solde.',
  },
};
