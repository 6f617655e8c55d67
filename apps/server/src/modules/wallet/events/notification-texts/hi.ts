import type { NotificationTexts } from './en.ts';

export const HINDI_NOTIFICATION_TEXTS: NotificationTexts = {
  depositApproved: {
    title: 'जमा स्वीकृत',
    message: '{amount} अंक आपके खाते में जमा कर दिए गए।',
  },
  depositApprovedWithBonus: {
    title: 'जमा स्वीकृत',
    message: '{amount} अंक और {bonus} बोनस कॉइन आपके खाते में जमा कर दिए गए।',
  },
  bonusGranted: {
    title: 'बोनस सक्रिय',
    message:
      '{bonus} बोनस कॉइन जमा किए गए। इन्हें नकद में बदलने के लिए कैसीनो गेम पर {wagering} पॉइंट का दांव लगाएँ।',
  },
  bonusConverted: {
    title: 'बोनस नकद में बदला',
    message: 'दांव की शर्त पूरी हुई: {amount} बोनस कॉइन अब नकद हैं।',
  },
  bonusExpired: {
    title: 'बोनस की अवधि समाप्त',
    message: 'दांव की शर्त पूरी होने से पहले आपका बोनस समाप्त हो गया: {amount} बोनस कॉइन वापस ले लिए गए।',
  },
  referralRewarded: {
    title: 'रेफ़रल इनाम',
    message: '{friend} ने पहली जमा की: {bonus} बोनस कॉइन आपके खाते में जमा किए गए।',
  },
  depositDeclined: {
    title: 'जमा अस्वीकृत',
    message: '{amount} अंक की आपकी जमा अस्वीकार कर दी गई: {reason}',
  },
  depositCancelled: {
    title: 'जमा रद्द',
    message: 'आपने गेटवे पर {amount} अंक की अपनी जमा रद्द कर दी। कोई राशि नहीं काटी गई।',
  },
  depositExpiredUnreviewed: {
    title: 'जमा की समय-सीमा समाप्त',
    message: '{amount} अंक की आपकी जमा की समय-सीमा समाप्त हो गई: समय पर उसकी जाँच नहीं हुई।',
  },
  depositExpiredUnpaid: {
    title: 'जमा की समय-सीमा समाप्त',
    message: '{amount} अंक की आपकी जमा की समय-सीमा समाप्त हो गई: समय पर भुगतान नहीं हुआ।',
  },
  withdrawalApproved: {
    title: 'निकासी स्वीकृत',
    message: '{amount} अंक {destination} पर भेजे जा रहे हैं।',
  },
  withdrawalDeclined: {
    title: 'निकासी अस्वीकृत',
    message: '{amount} अंक आपके बैलेंस में वापस आ गए हैं। {reason}',
  },
  kycApproved: {
    title: 'KYC स्वीकृत',
    message: 'आपके दस्तावेज़ सत्यापित हो गए हैं। अब आप बड़ी राशि निकाल सकते हैं।',
  },
  kycDeclined: { title: 'KYC अस्वीकृत', message: '{reason}' },
  marketWon: { title: 'मार्केट सेटल हुआ', message: '{market}: {amount} अंक जीते' },
  marketLost: { title: 'मार्केट सेटल हुआ', message: '{market}: {amount} अंक हारे' },
  marketVoided: { title: 'मार्केट रद्द', message: '{market}: दांव की राशि वापस की गई' },
  balanceCredited: { title: 'बैलेंस समायोजित', message: '{amount} अंक जोड़े गए: {reason}' },
  balanceDebited: { title: 'बैलेंस समायोजित', message: '{amount} अंक काटे गए: {reason}' },
  contactAnswered: { title: 'आपके संदेश का उत्तर दिया गया है', message: '{answer}' },
  sportsbookWon: {
    title: 'स्पोर्ट्सबुक दांव जीता',
    message: '{slip}: {amount} अंक आपके बैलेंस में जमा किए गए।',
  },
  sportsbookCashedOut: {
    title: 'स्पोर्ट्सबुक दांव कैश आउट हुआ',
    message: '{slip}: {amount} अंक आपके बैलेंस में जमा किए गए।',
  },
  sportsbookLost: {
    title: 'स्पोर्ट्सबुक दांव हारा',
    message: '{slip}: आपका {amount} अंक का दांव हार गया।',
  },
  sportsbookRefunded: {
    title: 'स्पोर्ट्सबुक दांव वापस',
    message: '{slip}: आपका {amount} अंक का दांव बैलेंस में वापस आ गया।',
  },
};
