import type { NotificationTexts } from './en.ts';

export const TELUGU_NOTIFICATION_TEXTS: NotificationTexts = {
  depositApproved: {
    title: 'డిపాజిట్ ఆమోదించబడింది',
    message: '{amount} పాయింట్లు మీ ఖాతాలో జమ అయ్యాయి.',
  },
  depositApprovedWithBonus: {
    title: 'డిపాజిట్ ఆమోదించబడింది',
    message: '{amount} పాయింట్లు మరియు {bonus} బోనస్ కాయిన్లు మీ ఖాతాలో జమ అయ్యాయి.',
  },
  bonusGranted: {
    title: 'బోనస్ సక్రియం',
    message: '{bonus} బోనస్ కాయిన్లు జమ అయ్యాయి. వాటిని నగదుగా మార్చడానికి క్యాసినో ఆటలపై {wagering} పాయింట్లు పందెం వేయండి.',
  },
  bonusConverted: {
    title: 'బోనస్ నగదుగా మారింది',
    message: 'పందెం షరతు పూర్తైంది: {amount} బోనస్ కాయిన్లు ఇప్పుడు నగదు.',
  },
  bonusExpired: {
    title: 'బోనస్ గడువు ముగిసింది',
    message: 'పందెం షరతు పూర్తయ్యేలోపే మీ బోనస్ గడువు ముగిసింది: {amount} బోనస్ కాయిన్లు వెనక్కి తీసుకోబడ్డాయి.',
  },
  referralRewarded: {
    title: 'రిఫరల్ బహుమతి',
    message: '{friend} మొదటి డిపాజిట్ చేశారు: {bonus} బోనస్ కాయిన్లు మీ ఖాతాలో జమ అయ్యాయి.',
  },
  depositDeclined: {
    title: 'డిపాజిట్ తిరస్కరించబడింది',
    message: '{amount} పాయింట్ల మీ డిపాజిట్ తిరస్కరించబడింది: {reason}',
  },
  depositCancelled: {
    title: 'డిపాజిట్ రద్దయింది',
    message: 'మీరు గేట్‌వే వద్ద {amount} పాయింట్ల మీ డిపాజిట్‌ను రద్దు చేశారు. ఏమీ వసూలు చేయలేదు.',
  },
  depositExpiredUnreviewed: {
    title: 'డిపాజిట్ గడువు ముగిసింది',
    message: '{amount} పాయింట్ల మీ డిపాజిట్ గడువు ముగిసింది: సమయానికి పరిశీలించబడలేదు.',
  },
  depositExpiredUnpaid: {
    title: 'డిపాజిట్ గడువు ముగిసింది',
    message: '{amount} పాయింట్ల మీ డిపాజిట్ గడువు ముగిసింది: సమయానికి చెల్లించబడలేదు.',
  },
  withdrawalApproved: {
    title: 'ఉపసంహరణ ఆమోదించబడింది',
    message: '{amount} పాయింట్లు {destination}కు పంపబడుతున్నాయి.',
  },
  withdrawalDeclined: {
    title: 'ఉపసంహరణ తిరస్కరించబడింది',
    message: '{amount} పాయింట్లు మీ బ్యాలెన్స్‌కు తిరిగి వచ్చాయి. {reason}',
  },
  kycApproved: {
    title: 'KYC ఆమోదించబడింది',
    message: 'మీ పత్రాలు ధృవీకరించబడ్డాయి. ఇప్పుడు మీరు పెద్ద మొత్తాలను ఉపసంహరించుకోవచ్చు.',
  },
  kycDeclined: { title: 'KYC తిరస్కరించబడింది', message: '{reason}' },
  marketWon: { title: 'మార్కెట్ సెటిల్ అయింది', message: '{market}: {amount} పాయింట్లు గెలిచారు' },
  marketLost: { title: 'మార్కెట్ సెటిల్ అయింది', message: '{market}: {amount} పాయింట్లు ఓడిపోయారు' },
  marketVoided: { title: 'మార్కెట్ రద్దయింది', message: '{market}: పందేలు వాపసు చేయబడ్డాయి' },
  balanceCredited: {
    title: 'బ్యాలెన్స్ సర్దుబాటు',
    message: '{amount} పాయింట్లు జమ చేయబడ్డాయి: {reason}',
  },
  balanceDebited: {
    title: 'బ్యాలెన్స్ సర్దుబాటు',
    message: '{amount} పాయింట్లు తీసివేయబడ్డాయి: {reason}',
  },
  contactAnswered: { title: 'మీ సందేశానికి సమాధానం వచ్చింది', message: '{answer}' },
  sportsbookWon: {
    title: 'స్పోర్ట్స్‌బుక్ పందెం గెలిచింది',
    message: '{slip}: {amount} పాయింట్లు మీ బ్యాలెన్స్‌కు జమ అయ్యాయి.',
  },
  sportsbookCashedOut: {
    title: 'స్పోర్ట్స్‌బుక్ పందెం క్యాష్ అవుట్ అయింది',
    message: '{slip}: {amount} పాయింట్లు మీ బ్యాలెన్స్‌కు జమ అయ్యాయి.',
  },
  sportsbookLost: {
    title: 'స్పోర్ట్స్‌బుక్ పందెం ఓడిపోయింది',
    message: '{slip}: మీ {amount} పాయింట్ల పందెం పోయింది.',
  },
  sportsbookRefunded: {
    title: 'స్పోర్ట్స్‌బుక్ పందెం తిరిగి ఇవ్వబడింది',
    message: '{slip}: మీ {amount} పాయింట్ల పందెం మీ బ్యాలెన్స్‌కు తిరిగి వచ్చింది.',
  },
};
