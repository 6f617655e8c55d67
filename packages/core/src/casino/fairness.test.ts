import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  STARTING_DECK,
  cardColour,
  cardRank,
  cardRankValue,
  cardSuit,
  createFairRandom,
  serverSeedMatches,
  shuffleDeck,
} from './fairness.ts';
import { hmacSha256Hex, sha256Hex } from './sha256.ts';
import type { RoundSeeds } from './types.ts';

const seedsArbitrary: fc.Arbitrary<RoundSeeds> = fc.record({
  serverSeed: fc.string({ minLength: 1, maxLength: 80 }),
  clientSeed: fc.string({ maxLength: 40 }),
  nonce: fc.nat(),
});

const fixedSeeds: RoundSeeds = {
  serverSeed: 'c5c5e1d8f6b1a44e0b1f3f0d9a7d2e6b4a1c8e9f0d2b3a4c5d6e7f8091a2b3c4',
  clientSeed: 'player-chosen-seed',
  nonce: 42,
};

/**
 * The scheme as docs/casino-games.md tells a player to reproduce it, written apart from
 * fairness.ts: hex HMAC blocks, 8 hex digits per word, rejection, top-down Fisher-Yates.
 */
function wordsByHand(seeds: RoundSeeds): () => number {
  let counter = 0;
  let pending: number[] = [];
  return () => {
    if (pending.length === 0) {
      const hex = hmacSha256Hex(seeds.serverSeed, `${seeds.clientSeed}:${seeds.nonce}:${counter}`);
      counter += 1;
      pending = hex.match(/.{8}/g)!.map((word) => parseInt(word, 16));
    }
    return pending.shift()!;
  };
}

function intByHand(nextWord: () => number, max: number): number {
  const limit = 2 ** 32 - (2 ** 32 % max);
  for (;;) {
    const word = nextWord();
    if (word < limit) return word % max;
  }
}

function shuffleByHand(seeds: RoundSeeds): string[] {
  const deck: string[] = [];
  for (const suit of 'SHDC') for (const rank of 'A23456789TJQK') deck.push(rank + suit);
  const nextWord = wordsByHand(seeds);
  for (let i = 0; i < 51; i += 1) {
    const j = i + intByHand(nextWord, 52 - i);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

/** Pearson's chi-square statistic of observed counts against equal expectations. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

describe('createFairRandom', () => {
  it('reads HMAC-SHA256(serverSeed, clientSeed:nonce:counter) 4 bytes at a time, big-endian', () => {
    const random = createFairRandom(fixedSeeds);
    const words = Array.from({ length: 17 }, () => random.nextInt(2 ** 32));
    const blocks = [0, 1, 2].map((counter) =>
      hmacSha256Hex(fixedSeeds.serverSeed, `player-chosen-seed:42:${counter}`),
    );
    const expected = blocks
      .join('')
      .match(/.{8}/g)!
      .slice(0, 17)
      .map((word) => parseInt(word, 16));
    expect(words).toEqual(expected);
  });

  it('skips words at or above the largest multiple of max below 2^32 (no modulo bias)', () => {
    // With max = 2^31 + 1 every word from 2^31 + 1 up is rejected: about half of them.
    const max = 2 ** 31 + 1;
    fc.assert(
      fc.property(seedsArbitrary, (seeds) => {
        const random = createFairRandom(seeds);
        const nextWord = wordsByHand(seeds);
        for (let draw = 0; draw < 10; draw += 1) {
          expect(random.nextInt(max)).toBe(intByHand(nextWord, max));
        }
      }),
      { numRuns: 100 },
    );
    const random = createFairRandom(fixedSeeds);
    const nextWord = wordsByHand(fixedSeeds);
    const rawWords = Array.from({ length: 40 }, nextWord);
    expect(rawWords.some((word) => word >= max)).toBe(true);
    const drawn = Array.from({ length: 10 }, () => random.nextInt(max));
    expect(drawn).toEqual(rawWords.filter((word) => word < max).slice(0, 10));
  });

  it('draws every value of a small range equally often (chi-square, p = 0.001)', () => {
    const random = createFairRandom(fixedSeeds);
    const counts = new Array<number>(6).fill(0);
    for (let draw = 0; draw < 60_000; draw += 1) counts[random.nextInt(6)]! += 1;
    // The 0.999 quantile of chi-square with 5 degrees of freedom.
    expect(chiSquare(counts)).toBeLessThan(20.52);
  });

  it('stays in range for any max', () => {
    fc.assert(
      fc.property(seedsArbitrary, fc.integer({ min: 1, max: 2 ** 32 }), (seeds, max) => {
        const value = createFairRandom(seeds).nextInt(max);
        expect(Number.isInteger(value) && value >= 0 && value < max).toBe(true);
      }),
    );
  });

  it('refuses a bad nonce, an empty server seed and a bad range', () => {
    expect(() => createFairRandom({ ...fixedSeeds, nonce: -1 })).toThrow(RangeError);
    expect(() => createFairRandom({ ...fixedSeeds, nonce: 1.5 })).toThrow(RangeError);
    expect(() => createFairRandom({ ...fixedSeeds, serverSeed: '' })).toThrow(RangeError);
    const random = createFairRandom(fixedSeeds);
    for (const max of [0, -3, 1.5, 2 ** 32 + 1, Number.NaN]) {
      expect(() => random.nextInt(max)).toThrow(RangeError);
    }
    expect(random.nextInt(1)).toBe(0);
  });
});

describe('shuffleDeck', () => {
  it('starts from AS..KS, AH..KH, AD..KD, AC..KC', () => {
    expect(STARTING_DECK.slice(0, 14)).toEqual([
      'AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S', 'TS', 'JS', 'QS', 'KS', 'AH',
    ]); // prettier-ignore
    expect(STARTING_DECK.at(-1)).toBe('KC');
    expect(new Set(STARTING_DECK).size).toBe(52);
  });

  it('is the documented top-down Fisher-Yates on the fair stream', () => {
    expect(shuffleDeck(fixedSeeds)).toEqual(shuffleByHand(fixedSeeds));
    fc.assert(
      fc.property(seedsArbitrary, (seeds) => {
        expect(shuffleDeck(seeds)).toEqual(shuffleByHand(seeds));
      }),
      { numRuns: 50 },
    );
  });

  it('is always a permutation of the 52 cards', () => {
    fc.assert(
      fc.property(seedsArbitrary, (seeds) => {
        expect([...shuffleDeck(seeds)].sort()).toEqual([...STARTING_DECK].sort());
      }),
      { numRuns: 200 },
    );
  });

  it('deals the same deck from the same seeds and another from another nonce or client seed', () => {
    expect(shuffleDeck(fixedSeeds)).toEqual(shuffleDeck({ ...fixedSeeds }));
    const decks = new Set<string>();
    for (let nonce = 0; nonce < 50; nonce += 1) {
      decks.add(shuffleDeck({ ...fixedSeeds, nonce }).join(''));
    }
    expect(decks.size).toBe(50);
    expect(shuffleDeck({ ...fixedSeeds, clientSeed: 'other' })).not.toEqual(
      shuffleDeck(fixedSeeds),
    );
    expect(shuffleDeck({ ...fixedSeeds, serverSeed: 'other' })).not.toEqual(
      shuffleDeck(fixedSeeds),
    );
  });

  it('puts every rank on top equally often (chi-square, p = 0.001)', () => {
    const counts = new Array<number>(13).fill(0);
    for (let nonce = 1; nonce <= 13_000; nonce += 1) {
      counts[cardRankValue(shuffleDeck({ ...fixedSeeds, nonce })[0]!) - 1]! += 1;
    }
    // The 0.999 quantile of chi-square with 12 degrees of freedom.
    expect(chiSquare(counts)).toBeLessThan(32.91);
  });
});

describe('serverSeedMatches', () => {
  it('compares SHA-256 of the revealed seed with the published hash, any case', () => {
    const hash = sha256Hex(fixedSeeds.serverSeed);
    expect(serverSeedMatches(fixedSeeds.serverSeed, hash)).toBe(true);
    expect(serverSeedMatches(fixedSeeds.serverSeed, hash.toUpperCase())).toBe(true);
    expect(serverSeedMatches(`${fixedSeeds.serverSeed}x`, hash)).toBe(false);
    expect(serverSeedMatches(fixedSeeds.serverSeed, '')).toBe(false);
  });
});

describe('card helpers', () => {
  it('reads rank, suit, aces-low value and colour', () => {
    expect([cardRank('TD'), cardSuit('TD'), cardRankValue('TD'), cardColour('TD')]).toEqual([
      'T',
      'D',
      10,
      'red',
    ]);
    expect([cardRankValue('AS'), cardRankValue('KC'), cardColour('KC'), cardColour('2H')]).toEqual([
      1,
      13,
      'black',
      'red',
    ]);
    expect(STARTING_DECK.map(cardRankValue).slice(0, 13)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    ]);
  });

  it('refuses anything that is not a card code', () => {
    for (const bad of ['', '1S', 'AX', 'as', 'TDX', '10H']) {
      expect(() => cardRank(bad)).toThrow(RangeError);
      expect(() => cardSuit(bad)).toThrow(RangeError);
    }
  });
});
