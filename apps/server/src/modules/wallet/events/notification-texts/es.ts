import type { NotificationTexts } from './en.ts';

export const SPANISH_NOTIFICATION_TEXTS: NotificationTexts = {
  depositApproved: {
    title: 'Depósito aprobado',
    message: 'Se acreditaron {amount} puntos en tu cuenta.',
  },
  depositApprovedWithBonus: {
    title: 'Depósito aprobado',
    message: 'Se acreditaron {amount} puntos y {bonus} monedas de bono en tu cuenta.',
  },
  bonusGranted: {
    title: 'Bono activado',
    message:
      '{bonus} monedas de bono abonadas. Apuesta {wagering} puntos en juegos de casino para convertirlas en efectivo.',
  },
  bonusConverted: {
    title: 'Bono convertido en efectivo',
    message: 'Requisito de apuesta cumplido: {amount} monedas de bono ya son efectivo.',
  },
  bonusExpired: {
    title: 'Bono caducado',
    message:
      'Tu bono caducó antes de cumplir el requisito de apuesta: se retiraron {amount} monedas de bono.',
  },
  referralRewarded: {
    title: 'Recompensa por referido',
    message: '{friend} hizo un primer depósito: {bonus} monedas de bono abonadas en tu cuenta.',
  },
  depositDeclined: {
    title: 'Depósito rechazado',
    message: 'Tu depósito de {amount} puntos fue rechazado: {reason}',
  },
  depositCancelled: {
    title: 'Depósito cancelado',
    message: 'Cancelaste tu depósito de {amount} puntos en la pasarela. No se cobró nada.',
  },
  depositExpiredUnreviewed: {
    title: 'Depósito caducado',
    message: 'Tu depósito de {amount} puntos caducó: no se revisó a tiempo.',
  },
  depositExpiredUnpaid: {
    title: 'Depósito caducado',
    message: 'Tu depósito de {amount} puntos caducó: no se pagó a tiempo.',
  },
  withdrawalApproved: {
    title: 'Retiro aprobado',
    message: '{amount} puntos van en camino a {destination}.',
  },
  withdrawalDeclined: {
    title: 'Retiro rechazado',
    message: '{amount} puntos han vuelto a tu saldo. {reason}',
  },
  kycApproved: {
    title: 'KYC aprobado',
    message: 'Tus documentos están verificados. Ya puedes hacer retiros más grandes.',
  },
  kycDeclined: { title: 'KYC rechazado', message: '{reason}' },
  marketWon: { title: 'Mercado liquidado', message: '{market}: ganaste {amount} puntos' },
  marketLost: { title: 'Mercado liquidado', message: '{market}: perdiste {amount} puntos' },
  marketVoided: { title: 'Mercado anulado', message: '{market}: apuestas reembolsadas' },
  balanceCredited: { title: 'Saldo ajustado', message: 'Se acreditaron {amount} puntos: {reason}' },
  balanceDebited: { title: 'Saldo ajustado', message: 'Se debitaron {amount} puntos: {reason}' },
  contactAnswered: { title: 'Tu mensaje ha sido respondido', message: '{answer}' },
  sportsbookWon: {
    title: 'Apuesta deportiva ganada',
    message: '{slip}: {amount} puntos abonados a tu saldo.',
  },
  sportsbookCashedOut: {
    title: 'Apuesta deportiva cobrada',
    message: '{slip}: {amount} puntos abonados a tu saldo.',
  },
  sportsbookLost: {
    title: 'Apuesta deportiva perdida',
    message: '{slip}: tu apuesta de {amount} puntos se ha perdido.',
  },
  sportsbookRefunded: {
    title: 'Apuesta deportiva reembolsada',
    message: '{slip}: tu apuesta de {amount} puntos ha vuelto a tu saldo.',
  },
};
