import type { NotificationTexts } from './en.ts';

export const TAMIL_NOTIFICATION_TEXTS: NotificationTexts = {
  depositApproved: {
    title: 'வைப்பு அங்கீகரிக்கப்பட்டது',
    message: '{amount} புள்ளிகள் உங்கள் கணக்கில் வரவு வைக்கப்பட்டன.',
  },
  depositApprovedWithBonus: {
    title: 'வைப்பு அங்கீகரிக்கப்பட்டது',
    message: '{amount} புள்ளிகளும் {bonus} போனஸ் நாணயங்களும் உங்கள் கணக்கில் வரவு வைக்கப்பட்டன.',
  },
  bonusGranted: {
    title: 'போனஸ் செயல்படுத்தப்பட்டது',
    message:
      '{bonus} போனஸ் நாணயங்கள் வரவு வைக்கப்பட்டன. அவற்றை பணமாக மாற்ற கேசினோ விளையாட்டுகளில் {wagering} புள்ளிகள் பந்தயம் கட்டுங்கள்.',
  },
  bonusConverted: {
    title: 'போனஸ் பணமாக மாறியது',
    message: 'பந்தய நிபந்தனை நிறைவேறியது: {amount} போனஸ் நாணயங்கள் இப்போது பணம்.',
  },
  bonusExpired: {
    title: 'போனஸ் காலாவதியானது',
    message:
      'பந்தய நிபந்தனை நிறைவேறும் முன் உங்கள் போனஸ் காலாவதியானது: {amount} போனஸ் நாணயங்கள் திரும்பப் பெறப்பட்டன.',
  },
  referralRewarded: {
    title: 'பரிந்துரை வெகுமதி',
    message: '{friend} முதல் வைப்பு செய்துள்ளார்: {bonus} போனஸ் நாணயங்கள் உங்கள் கணக்கில் வரவு வைக்கப்பட்டன.',
  },
  depositDeclined: {
    title: 'வைப்பு நிராகரிக்கப்பட்டது',
    message: '{amount} புள்ளிகளுக்கான உங்கள் வைப்பு நிராகரிக்கப்பட்டது: {reason}',
  },
  depositCancelled: {
    title: 'வைப்பு ரத்து செய்யப்பட்டது',
    message: 'கேட்வேயில் {amount} புள்ளிகளுக்கான உங்கள் வைப்பை ரத்து செய்தீர்கள். எதுவும் வசூலிக்கப்படவில்லை.',
  },
  depositExpiredUnreviewed: {
    title: 'வைப்பு காலாவதியானது',
    message: '{amount} புள்ளிகளுக்கான உங்கள் வைப்பு காலாவதியானது: உரிய நேரத்தில் சரிபார்க்கப்படவில்லை.',
  },
  depositExpiredUnpaid: {
    title: 'வைப்பு காலாவதியானது',
    message: '{amount} புள்ளிகளுக்கான உங்கள் வைப்பு காலாவதியானது: உரிய நேரத்தில் செலுத்தப்படவில்லை.',
  },
  withdrawalApproved: {
    title: 'பணம் எடுப்பு அங்கீகரிக்கப்பட்டது',
    message: '{amount} புள்ளிகள் {destination}க்கு அனுப்பப்படுகின்றன.',
  },
  withdrawalDeclined: {
    title: 'பணம் எடுப்பு நிராகரிக்கப்பட்டது',
    message: '{amount} புள்ளிகள் உங்கள் இருப்புக்குத் திரும்பின. {reason}',
  },
  kycApproved: {
    title: 'KYC அங்கீகரிக்கப்பட்டது',
    message: 'உங்கள் ஆவணங்கள் சரிபார்க்கப்பட்டன. இப்போது பெரிய தொகைகளை எடுக்கலாம்.',
  },
  kycDeclined: { title: 'KYC நிராகரிக்கப்பட்டது', message: '{reason}' },
  marketWon: { title: 'சந்தை தீர்க்கப்பட்டது', message: '{market}: {amount} புள்ளிகள் வென்றீர்கள்' },
  marketLost: { title: 'சந்தை தீர்க்கப்பட்டது', message: '{market}: {amount} புள்ளிகள் இழந்தீர்கள்' },
  marketVoided: { title: 'சந்தை ரத்து செய்யப்பட்டது', message: '{market}: பந்தயங்கள் திருப்பியளிக்கப்பட்டன' },
  balanceCredited: {
    title: 'இருப்பு சரிசெய்யப்பட்டது',
    message: '{amount} புள்ளிகள் வரவு வைக்கப்பட்டன: {reason}',
  },
  balanceDebited: {
    title: 'இருப்பு சரிசெய்யப்பட்டது',
    message: '{amount} புள்ளிகள் கழிக்கப்பட்டன: {reason}',
  },
  contactAnswered: { title: 'உங்கள் செய்திக்குப் பதில் அளிக்கப்பட்டது', message: '{answer}' },
  sportsbookWon: {
    title: 'ஸ்போர்ட்ஸ்புக் பந்தயம் வென்றது',
    message: '{slip}: {amount} புள்ளிகள் உங்கள் இருப்பில் சேர்க்கப்பட்டன.',
  },
  sportsbookCashedOut: {
    title: 'ஸ்போர்ட்ஸ்புக் பந்தயம் பணமாக்கப்பட்டது',
    message: '{slip}: {amount} புள்ளிகள் உங்கள் இருப்பில் சேர்க்கப்பட்டன.',
  },
  sportsbookLost: {
    title: 'ஸ்போர்ட்ஸ்புக் பந்தயம் தோற்றது',
    message: '{slip}: உங்கள் {amount} புள்ளிகள் பந்தயம் இழக்கப்பட்டது.',
  },
  sportsbookRefunded: {
    title: 'ஸ்போர்ட்ஸ்புக் பந்தயம் திருப்பியளிக்கப்பட்டது',
    message: '{slip}: உங்கள் {amount} புள்ளிகள் பந்தயம் உங்கள் இருப்புக்குத் திரும்பியது.',
  },
};
