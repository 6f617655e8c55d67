import type { CardCode, RoundSeeds } from './types.ts';
import { hmacSha256Key, sha256Hex, utf8Bytes } from './sha256.ts';

/**
 * The provably-fair stream of a round (docs/casino-games.md, "Provable fairness"):
 * block n = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${n}`) for
 * n = 0, 1, 2, ...; the blocks' bytes are read 4 at a time as big-endian unsigned 32-bit
 * integers, and an integer below `max` is drawn from them by rejection sampling (a word at or
 * above the largest multiple of `max` that fits in 2^32 is skipped), so every value is
 * exactly equally likely.
 */
export interface FairRandom {
  nextInt(maxExclusive: number): number;
}

const TWO_POW_32 = 0x100000000;
const WORDS_PER_BLOCK = 8;

function checkSeeds(seeds: RoundSeeds): void {
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) {
    throw new RangeError(`nonce must be a non-negative integer, got ${seeds.nonce}`);
  }
  if (seeds.serverSeed.length === 0) throw new RangeError('serverSeed must not be empty');
}

export function createFairRandom(seeds: RoundSeeds): FairRandom {
  checkSeeds(seeds);
  const key = hmacSha256Key(utf8Bytes(seeds.serverSeed));
  const prefix = `${seeds.clientSeed}:${seeds.nonce}:`;
  let counter = 0;
  let block: Uint8Array = new Uint8Array(0);
  let word = WORDS_PER_BLOCK;

  const nextWord = (): number => {
    if (word === WORDS_PER_BLOCK) {
      block = key.sign(utf8Bytes(`${prefix}${counter}`));
      counter += 1;
      word = 0;
    }
    const at = word * 4;
    word += 1;
    return (
      ((block[at]! << 24) | (block[at + 1]! << 16) | (block[at + 2]! << 8) | block[at + 3]!) >>> 0
    );
  };

  return {
    nextInt(maxExclusive) {
      if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > TWO_POW_32) {
        throw new RangeError(`maxExclusive must be an integer from 1 to 2^32, got ${maxExclusive}`);
      }
      const acceptBelow = TWO_POW_32 - (TWO_POW_32 % maxExclusive);
      for (;;) {
        const value = nextWord();
        if (value < acceptBelow) return value % maxExclusive;
      }
    },
  };
}

/** The ranks, ace to king, and the suits in the deck's start order. */
export const CARD_RANKS = [
  'A',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  'T',
  'J',
  'Q',
  'K',
] as const;
export const CARD_SUITS = ['S', 'H', 'D', 'C'] as const;
export type CardRank = (typeof CARD_RANKS)[number];
export type CardSuit = (typeof CARD_SUITS)[number];

/**
 * The unshuffled deck: suit by suit (spades, hearts, diamonds, clubs), each from ace to
 * king: AS 2S ... KS AH ... KH AD ... KD AC ... KC.
 */
export const STARTING_DECK: readonly CardCode[] = CARD_SUITS.flatMap((suit) =>
  CARD_RANKS.map((rank) => `${rank}${suit}`),
);

/**
 * The round's deck: STARTING_DECK shuffled by Fisher-Yates from the top down: for position
 * i = 0 .. 50, swap it with position i + nextInt(52 - i). The cards are then dealt from
 * position 0 onwards.
 */
export function shuffleDeck(seeds: RoundSeeds): CardCode[] {
  const random = createFairRandom(seeds);
  const deck = [...STARTING_DECK];
  for (let position = 0; position < deck.length - 1; position += 1) {
    const pick = position + random.nextInt(deck.length - position);
    const card = deck[pick]!;
    deck[pick] = deck[position]!;
    deck[position] = card;
  }
  return deck;
}

/** Whether a server seed matches the hash published before the round (lowercase hex). */
export function serverSeedMatches(serverSeed: string, publishedServerSeedHash: string): boolean {
  return sha256Hex(serverSeed) === publishedServerSeedHash.trim().toLowerCase();
}

const CARD_CODE = /^[A2-9TJQK][SHDC]$/;

function checkCard(code: CardCode): void {
  if (!CARD_CODE.test(code)) throw new RangeError(`not a card code: ${JSON.stringify(code)}`);
}

/** The card's rank character: A 2-9 T J Q K. */
export function cardRank(code: CardCode): CardRank {
  checkCard(code);
  return code[0] as CardRank;
}

/** The card's suit character: S (spades), H (hearts), D (diamonds), C (clubs). */
export function cardSuit(code: CardCode): CardSuit {
  checkCard(code);
  return code[1] as CardSuit;
}

/** The rank's value with aces low: A = 1, 2-9, T = 10, J = 11, Q = 12, K = 13. */
export function cardRankValue(code: CardCode): number {
  return CARD_RANKS.indexOf(cardRank(code)) + 1;
}

/** Hearts and diamonds are red; spades and clubs black. */
export function cardColour(code: CardCode): 'red' | 'black' {
  const suit = cardSuit(code);
  return suit === 'H' || suit === 'D' ? 'red' : 'black';
}
