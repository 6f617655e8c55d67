import type { NotificationTexts } from './en.ts';

export const MARATHI_NOTIFICATION_TEXTS: NotificationTexts = {
  depositApproved: {
    title: 'जमा मंजूर',
    message: '{amount} गुण तुमच्या खात्यात जमा केले.',
  },
  depositApprovedWithBonus: {
    title: 'जमा मंजूर',
    message: '{amount} गुण आणि {bonus} बोनस कॉइन तुमच्या खात्यात जमा केले.',
  },
  bonusGranted: {
    title: 'बोनस सक्रिय',
    message:
      '{bonus} बोनस कॉइन जमा झाले. त्यांचे रोख रकमेत रूपांतर करण्यासाठी कॅसिनो खेळांवर {wagering} पॉइंटचा डाव लावा.',
  },
  bonusConverted: {
    title: 'बोनस रोख रकमेत बदलला',
    message: 'डावाची अट पूर्ण झाली: {amount} बोनस कॉइन आता रोख आहेत.',
  },
  bonusExpired: {
    title: 'बोनसची मुदत संपली',
    message: 'डावाची अट पूर्ण होण्याआधी तुमच्या बोनसची मुदत संपली: {amount} बोनस कॉइन परत घेतले गेले.',
  },
  referralRewarded: {
    title: 'रेफरल बक्षीस',
    message: '{friend} यांनी पहिली ठेव केली: {bonus} बोनस कॉइन तुमच्या खात्यात जमा झाले.',
  },
  depositDeclined: {
    title: 'जमा नाकारली',
    message: '{amount} गुणांची तुमची जमा नाकारली गेली: {reason}',
  },
  depositCancelled: {
    title: 'जमा रद्द',
    message: 'तुम्ही गेटवेवर {amount} गुणांची तुमची जमा रद्द केली. काहीही आकारले गेले नाही.',
  },
  depositExpiredUnreviewed: {
    title: 'जमेची मुदत संपली',
    message: '{amount} गुणांच्या तुमच्या जमेची मुदत संपली: वेळेत तपासणी झाली नाही.',
  },
  depositExpiredUnpaid: {
    title: 'जमेची मुदत संपली',
    message: '{amount} गुणांच्या तुमच्या जमेची मुदत संपली: वेळेत पैसे भरले गेले नाहीत.',
  },
  withdrawalApproved: {
    title: 'पैसे काढणे मंजूर',
    message: '{amount} गुण {destination} कडे पाठवले जात आहेत.',
  },
  withdrawalDeclined: {
    title: 'पैसे काढणे नाकारले',
    message: '{amount} गुण तुमच्या शिलकीत परत आले आहेत. {reason}',
  },
  kycApproved: {
    title: 'KYC मंजूर',
    message: 'तुमची कागदपत्रे पडताळली गेली आहेत. आता तुम्ही मोठी रक्कम काढू शकता.',
  },
  kycDeclined: { title: 'KYC नाकारले', message: '{reason}' },
  marketWon: { title: 'मार्केट सेटल झाले', message: '{market}: {amount} गुण जिंकले' },
  marketLost: { title: 'मार्केट सेटल झाले', message: '{market}: {amount} गुण गमावले' },
  marketVoided: { title: 'मार्केट रद्द', message: '{market}: बेटची रक्कम परत केली' },
  balanceCredited: { title: 'शिल्लक समायोजित', message: '{amount} गुण जमा केले: {reason}' },
  balanceDebited: { title: 'शिल्लक समायोजित', message: '{amount} गुण वजा केले: {reason}' },
  contactAnswered: { title: 'तुमच्या संदेशाला उत्तर दिले आहे', message: '{answer}' },
  sportsbookWon: {
    title: 'स्पोर्ट्सबुक पैज जिंकली',
    message: '{slip}: {amount} गुण तुमच्या शिलकीत जमा केले.',
  },
  sportsbookCashedOut: {
    title: 'स्पोर्ट्सबुक पैज कॅश आउट झाली',
    message: '{slip}: {amount} गुण तुमच्या शिलकीत जमा केले.',
  },
  sportsbookLost: { title: 'स्पोर्ट्सबुक पैज हरली', message: '{slip}: तुमची {amount} गुणांची पैज हरली.' },
  sportsbookRefunded: {
    title: 'स्पोर्ट्सबुक पैज परत',
    message: '{slip}: तुमची {amount} गुणांची पैज शिलकीत परत आली.',
  },
};
