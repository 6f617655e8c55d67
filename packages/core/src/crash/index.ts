export {
  chainLinksFromSeed,
  chainLinksInOrderOfUse,
  isChainHash,
  nextChainHash,
  terminatingHash,
  verifyChainLink,
  type ChainLink,
} from './chain.ts';
export {
  CRASH_START_HUNDREDTHS,
  DEFAULT_CRASH_HOUSE_EDGE_BASIS_POINTS,
  DEFAULT_CRASH_MAX_MULTIPLIER_HUNDREDTHS,
  crashPointFromHash,
  crashPointFromUniform52,
  crashProbabilityAtLeast,
  crashRoundDigest,
  first52Bits,
  type CrashSettings,
} from './crash-point.ts';
export { CRASH_GROWTH_PER_MS, multiplierAtMs, msToReachMultiplier } from './flight.ts';
export {
  MIN_AUTO_CASH_OUT_HUNDREDTHS,
  cashOutPayout,
  maxWinCashOutMultiplier,
  settleCrashBet,
  type CrashBet,
  type CrashBetSettlement,
} from './payout.ts';
export {
  commitSalt,
  verifyRound,
  verifySaltCommitment,
  type CrashRoundToVerify,
  type CrashRoundVerification,
} from './verify.ts';
