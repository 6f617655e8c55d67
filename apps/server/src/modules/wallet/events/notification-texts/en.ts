/**
 * The platform's own notifications in English: the fallback, and the key set every other
 * language must match (docs/server-content-languages.md, "The server's own notifications").
 * `{name}` is a placeholder the caller fills; each language uses the same ones.
 */
export const ENGLISH_NOTIFICATION_TEXTS = {
  depositApproved: {
    title: 'Deposit approved',
    message: '{amount} points credited to your account.',
  },
  depositApprovedWithBonus: {
    title: 'Deposit approved',
    message: '{amount} points and {bonus} bonus coins credited to your account.',
  },
  bonusGranted: {
    title: 'Bonus activated',
    message:
      '{bonus} bonus coins credited. Stake {wagering} points on casino games to turn them into cash.',
  },
  bonusConverted: {
    title: 'Bonus turned into cash',
    message: 'Wagering met: {amount} bonus coins are now cash.',
  },
  bonusExpired: {
    title: 'Bonus expired',
    message:
      'Your bonus expired before its wagering was met: {amount} bonus coins were taken back.',
  },
  referralRewarded: {
    title: 'Referral reward',
    message: '{friend} made a first deposit: {bonus} bonus coins credited to your account.',
  },
  depositDeclined: {
    title: 'Deposit declined',
    message: 'Your deposit of {amount} points was declined: {reason}',
  },
  depositCancelled: {
    title: 'Deposit cancelled',
    message: 'You cancelled your deposit of {amount} points at the gateway. Nothing was charged.',
  },
  depositExpiredUnreviewed: {
    title: 'Deposit expired',
    message: 'Your deposit of {amount} points expired: it was not reviewed in time.',
  },
  depositExpiredUnpaid: {
    title: 'Deposit expired',
    message: 'Your deposit of {amount} points expired: it was not paid in time.',
  },
  withdrawalApproved: {
    title: 'Withdrawal approved',
    message: '{amount} points are on their way to {destination}.',
  },
  withdrawalDeclined: {
    title: 'Withdrawal declined',
    message: '{amount} points are back in your balance. {reason}',
  },
  kycApproved: {
    title: 'KYC approved',
    message: 'Your documents are verified. Larger withdrawals are now open to you.',
  },
  kycDeclined: { title: 'KYC declined', message: '{reason}' },
  marketWon: { title: 'Market settled', message: '{market}: won {amount} points' },
  marketLost: { title: 'Market settled', message: '{market}: lost {amount} points' },
  marketVoided: { title: 'Market voided', message: '{market}: bets refunded' },
  balanceCredited: { title: 'Balance adjusted', message: 'Credited {amount} points: {reason}' },
  balanceDebited: { title: 'Balance adjusted', message: 'Debited {amount} points: {reason}' },
  contactAnswered: { title: 'Your message has been answered', message: '{answer}' },
  sportsbookWon: {
    title: 'Sportsbook bet won',
    message: '{slip}: {amount} points paid to your balance.',
  },
  sportsbookCashedOut: {
    title: 'Sportsbook bet cashed out',
    message: '{slip}: {amount} points paid to your balance.',
  },
  sportsbookLost: {
    title: 'Sportsbook bet lost',
    message: '{slip}: your stake of {amount} points is lost.',
  },
  sportsbookRefunded: {
    title: 'Sportsbook bet refunded',
    message: '{slip}: your stake of {amount} points is back in your balance.',
  },
} as const;

export type NotificationTemplateKey = keyof typeof ENGLISH_NOTIFICATION_TEXTS;
export type NotificationTexts = Record<NotificationTemplateKey, { title: string; message: string }>;
