export * from './types.ts';
export * from './spots.ts';
export * from './lobby-figures.ts';
export { sha256Hex, hmacSha256Hex } from './sha256.ts';
export {
  CARD_RANKS,
  CARD_SUITS,
  STARTING_DECK,
  cardColour,
  cardRank,
  cardRankValue,
  cardSuit,
  createFairRandom,
  serverSeedMatches,
  shuffleDeck,
  shuffledDeck,
  type CardRank,
  type DealingDeck,
  type CardSuit,
  type FairRandom,
} from './fairness.ts';
export {
  rankTeenPattiHand,
  TEEN_PATTI_CLASSES,
  type TeenPattiClass,
  type TeenPattiHand,
} from './teen-patti.ts';
export {
  LUCKY_WHEEL_SEGMENTS,
  SPM_GAME_RULES,
  dealWheelSegment,
  spmWinningSpots,
  verifySpmRound,
} from './games.ts';
export {
  ANDAR_BAHAR_COUNT_RANGES,
  andarBaharCardsDealt,
  isSideBetSpot,
  sideBetPayout,
} from './side-bets.ts';
