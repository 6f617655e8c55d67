import type { NotificationTexts } from './en.ts';

export const KANNADA_NOTIFICATION_TEXTS: NotificationTexts = {
  depositApproved: {
    title: 'ಠೇವಣಿ ಅನುಮೋದಿಸಲಾಗಿದೆ',
    message: '{amount} ಅಂಕಗಳನ್ನು ನಿಮ್ಮ ಖಾತೆಗೆ ಜಮಾ ಮಾಡಲಾಗಿದೆ.',
  },
  depositApprovedWithBonus: {
    title: 'ಠೇವಣಿ ಅನುಮೋದಿಸಲಾಗಿದೆ',
    message: '{amount} ಅಂಕಗಳು ಮತ್ತು {bonus} ಬೋನಸ್ ನಾಣ್ಯಗಳನ್ನು ನಿಮ್ಮ ಖಾತೆಗೆ ಜಮಾ ಮಾಡಲಾಗಿದೆ.',
  },
  bonusGranted: {
    title: 'ಬೋನಸ್ ಸಕ್ರಿಯವಾಗಿದೆ',
    message:
      '{bonus} ಬೋನಸ್ ನಾಣ್ಯಗಳನ್ನು ಜಮಾ ಮಾಡಲಾಗಿದೆ. ಅವನ್ನು ನಗದಾಗಿ ಪರಿವರ್ತಿಸಲು ಕ್ಯಾಸಿನೋ ಆಟಗಳಲ್ಲಿ {wagering} ಪಾಯಿಂಟ್‌ಗಳನ್ನು ಬಾಜಿ ಕಟ್ಟಿ.',
  },
  bonusConverted: {
    title: 'ಬೋನಸ್ ನಗದಾಗಿ ಪರಿವರ್ತನೆಯಾಗಿದೆ',
    message: 'ಬಾಜಿ ಷರತ್ತು ಪೂರ್ಣಗೊಂಡಿದೆ: {amount} ಬೋನಸ್ ನಾಣ್ಯಗಳು ಈಗ ನಗದು.',
  },
  bonusExpired: {
    title: 'ಬೋನಸ್ ಅವಧಿ ಮುಗಿದಿದೆ',
    message: 'ಬಾಜಿ ಷರತ್ತು ಪೂರ್ಣಗೊಳ್ಳುವ ಮೊದಲೇ ನಿಮ್ಮ ಬೋನಸ್ ಅವಧಿ ಮುಗಿದಿದೆ: {amount} ಬೋನಸ್ ನಾಣ್ಯಗಳನ್ನು ಹಿಂಪಡೆಯಲಾಗಿದೆ.',
  },
  referralRewarded: {
    title: 'ರೆಫರಲ್ ಬಹುಮಾನ',
    message: '{friend} ಮೊದಲ ಠೇವಣಿ ಮಾಡಿದ್ದಾರೆ: {bonus} ಬೋನಸ್ ನಾಣ್ಯಗಳನ್ನು ನಿಮ್ಮ ಖಾತೆಗೆ ಜಮಾ ಮಾಡಲಾಗಿದೆ.',
  },
  depositDeclined: {
    title: 'ಠೇವಣಿ ತಿರಸ್ಕರಿಸಲಾಗಿದೆ',
    message: '{amount} ಅಂಕಗಳ ನಿಮ್ಮ ಠೇವಣಿಯನ್ನು ತಿರಸ್ಕರಿಸಲಾಗಿದೆ: {reason}',
  },
  depositCancelled: {
    title: 'ಠೇವಣಿ ರದ್ದಾಗಿದೆ',
    message: 'ನೀವು ಗೇಟ್‌ವೇಯಲ್ಲಿ {amount} ಅಂಕಗಳ ನಿಮ್ಮ ಠೇವಣಿಯನ್ನು ರದ್ದುಗೊಳಿಸಿದಿರಿ. ಏನನ್ನೂ ಕಡಿತಗೊಳಿಸಿಲ್ಲ.',
  },
  depositExpiredUnreviewed: {
    title: 'ಠೇವಣಿಯ ಅವಧಿ ಮುಗಿದಿದೆ',
    message: '{amount} ಅಂಕಗಳ ನಿಮ್ಮ ಠೇವಣಿಯ ಅವಧಿ ಮುಗಿದಿದೆ: ಸಮಯಕ್ಕೆ ಪರಿಶೀಲಿಸಲಾಗಿಲ್ಲ.',
  },
  depositExpiredUnpaid: {
    title: 'ಠೇವಣಿಯ ಅವಧಿ ಮುಗಿದಿದೆ',
    message: '{amount} ಅಂಕಗಳ ನಿಮ್ಮ ಠೇವಣಿಯ ಅವಧಿ ಮುಗಿದಿದೆ: ಸಮಯಕ್ಕೆ ಪಾವತಿಸಲಾಗಿಲ್ಲ.',
  },
  withdrawalApproved: {
    title: 'ಹಿಂಪಡೆಯುವಿಕೆ ಅನುಮೋದಿಸಲಾಗಿದೆ',
    message: '{amount} ಅಂಕಗಳನ್ನು {destination} ಗೆ ಕಳುಹಿಸಲಾಗುತ್ತಿದೆ.',
  },
  withdrawalDeclined: {
    title: 'ಹಿಂಪಡೆಯುವಿಕೆ ತಿರಸ್ಕರಿಸಲಾಗಿದೆ',
    message: '{amount} ಅಂಕಗಳು ನಿಮ್ಮ ಬ್ಯಾಲೆನ್ಸ್‌ಗೆ ಮರಳಿವೆ. {reason}',
  },
  kycApproved: {
    title: 'KYC ಅನುಮೋದಿಸಲಾಗಿದೆ',
    message: 'ನಿಮ್ಮ ದಾಖಲೆಗಳನ್ನು ಪರಿಶೀಲಿಸಲಾಗಿದೆ. ಈಗ ನೀವು ದೊಡ್ಡ ಮೊತ್ತವನ್ನು ಹಿಂಪಡೆಯಬಹುದು.',
  },
  kycDeclined: { title: 'KYC ತಿರಸ್ಕರಿಸಲಾಗಿದೆ', message: '{reason}' },
  marketWon: { title: 'ಮಾರುಕಟ್ಟೆ ಇತ್ಯರ್ಥವಾಗಿದೆ', message: '{market}: {amount} ಅಂಕಗಳನ್ನು ಗೆದ್ದಿದ್ದೀರಿ' },
  marketLost: { title: 'ಮಾರುಕಟ್ಟೆ ಇತ್ಯರ್ಥವಾಗಿದೆ', message: '{market}: {amount} ಅಂಕಗಳನ್ನು ಕಳೆದುಕೊಂಡಿದ್ದೀರಿ' },
  marketVoided: { title: 'ಮಾರುಕಟ್ಟೆ ರದ್ದಾಗಿದೆ', message: '{market}: ಬೆಟ್‌ಗಳ ಹಣ ಮರುಪಾವತಿಸಲಾಗಿದೆ' },
  balanceCredited: {
    title: 'ಬ್ಯಾಲೆನ್ಸ್ ಹೊಂದಿಸಲಾಗಿದೆ',
    message: '{amount} ಅಂಕಗಳನ್ನು ಜಮಾ ಮಾಡಲಾಗಿದೆ: {reason}',
  },
  balanceDebited: {
    title: 'ಬ್ಯಾಲೆನ್ಸ್ ಹೊಂದಿಸಲಾಗಿದೆ',
    message: '{amount} ಅಂಕಗಳನ್ನು ಕಡಿತಗೊಳಿಸಲಾಗಿದೆ: {reason}',
  },
  contactAnswered: { title: 'ನಿಮ್ಮ ಸಂದೇಶಕ್ಕೆ ಉತ್ತರ ನೀಡಲಾಗಿದೆ', message: '{answer}' },
  sportsbookWon: {
    title: 'ಸ್ಪೋರ್ಟ್ಸ್‌ಬುಕ್ ಬೆಟ್ ಗೆದ್ದಿದೆ',
    message: '{slip}: {amount} ಅಂಕಗಳನ್ನು ನಿಮ್ಮ ಬ್ಯಾಲೆನ್ಸ್‌ಗೆ ಜಮಾ ಮಾಡಲಾಗಿದೆ.',
  },
  sportsbookCashedOut: {
    title: 'ಸ್ಪೋರ್ಟ್ಸ್‌ಬುಕ್ ಬೆಟ್ ಕ್ಯಾಶ್ ಔಟ್ ಆಗಿದೆ',
    message: '{slip}: {amount} ಅಂಕಗಳನ್ನು ನಿಮ್ಮ ಬ್ಯಾಲೆನ್ಸ್‌ಗೆ ಜಮಾ ಮಾಡಲಾಗಿದೆ.',
  },
  sportsbookLost: { title: 'ಸ್ಪೋರ್ಟ್ಸ್‌ಬುಕ್ ಬೆಟ್ ಸೋತಿದೆ', message: '{slip}: ನಿಮ್ಮ {amount} ಅಂಕಗಳ ಬೆಟ್ ಸೋತಿದೆ.' },
  sportsbookRefunded: {
    title: 'ಸ್ಪೋರ್ಟ್ಸ್‌ಬುಕ್ ಬೆಟ್ ಮರುಪಾವತಿ',
    message: '{slip}: ನಿಮ್ಮ {amount} ಅಂಕಗಳ ಬೆಟ್ ನಿಮ್ಮ ಬ್ಯಾಲೆನ್ಸ್‌ಗೆ ಮರಳಿದೆ.',
  },
};
