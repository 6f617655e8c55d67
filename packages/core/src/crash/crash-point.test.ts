import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  crashPointFromHash,
  crashPointFromUniform52,
  crashProbabilityAtLeast,
  crashRoundDigest,
  first52Bits,
  type CrashSettings,
} from './crash-point.ts';
import { nextChainHash } from './chain.ts';
import { bytesToHex } from '../casino/sha256.ts';
import { hexBytes, platformUtf8, referenceHmac } from '../test/web-crypto.ts';

const SALT = '0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526';
const DEFAULTS: CrashSettings = { houseEdgeBasisPoints: 300, maxMultiplierHundredths: 1_000_000 };
const BUSTABIT: CrashSettings = { houseEdgeBasisPoints: 100, maxMultiplierHundredths: 2 ** 52 };

/** bustabit's own verifier, in its floats: max(1, floor(99 / (1 - X)) / 100), in hundredths. */
function bustabitCrashHundredths(hmacHex: string): number {
  const x = parseInt(hmacHex.slice(0, 13), 16) / 2 ** 52;
  return Math.max(100, Math.floor(99 / (1 - x)));
}

/** The first six rounds' hashes from the zero seed, with their crash points at 3 % and 1 %. */
const VECTORS: [roundHash: string, first13Hex: string, at3: number, at1: number][] = [
  ['0'.repeat(64), '58e15a8ad66db', 148, 151],
  ['60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55', 'ef75d830417b8', 1501, 1532],
  ['632500b1742987815bf1e7ebc49d1da6ed2dd9659623bef3f9b96bf5e75ab702', 'd718433c4bcae', 607, 619],
  ['399abe3835c28f3285d77431b8dba2b9c73319cd6d3dc8b70fef98f8cd8a870a', 'fcc2de13cde26', 7667, 7825],
  ['9ec3061edcc690afd3cf98f217406c80a5a5400b729eb904010c6198f718cff0', 'e38837247d7c1', 872, 890],
  ['74e28f4be99caf2180ed3724cfd20120ca6558db2fe7fe7b94a94078fd60afbc', '921705eac7f72', 225, 230],
];

describe('crashPointFromHash', () => {
  it('gives the known crash points (checked with openssl dgst -hmac and Python integers)', () => {
    for (const [roundHash, , at3, at1] of VECTORS) {
      expect(crashPointFromHash({ roundHash, salt: SALT, ...DEFAULTS })).toBe(at3);
      expect(crashPointFromHash({ roundHash, salt: SALT, ...BUSTABIT })).toBe(at1);
    }
    expect(nextChainHash(VECTORS[0]![0])).toBe(VECTORS[1]![0]);
  });

  it('signs the round hash raw bytes with the salt text as key, as Web Crypto does', async () => {
    for (const [roundHash, first13Hex] of VECTORS) {
      const reference = await referenceHmac(platformUtf8(SALT), hexBytes(roundHash));
      expect(bytesToHex(crashRoundDigest(roundHash, SALT))).toBe(reference);
      expect(reference.slice(0, 13)).toBe(first13Hex);
    }
  });

  it("is bustabit's formula at a 1 % edge with no cap, for any hash and salt", async () => {
    const hashes = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex);
    await fc.assert(
      fc.asyncProperty(hashes, fc.string({ minLength: 1 }), async (roundHash, salt) => {
        const reference = await referenceHmac(platformUtf8(salt), hexBytes(roundHash));
        expect(crashPointFromHash({ roundHash, salt, ...BUSTABIT })).toBe(
          bustabitCrashHundredths(reference),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a malformed round hash or an empty salt', () => {
    expect(() => crashPointFromHash({ roundHash: 'ab', salt: SALT, ...DEFAULTS })).toThrow(
      RangeError,
    );
    expect(() => crashPointFromHash({ roundHash: VECTORS[0]![0], salt: '', ...DEFAULTS })).toThrow(
      RangeError,
    );
  });
});

describe('crashPointFromUniform52', () => {
  it('starts at 1.00x, crosses each multiplier where the formula says, and stops at the cap', () => {
    expect(crashPointFromUniform52(0, DEFAULTS)).toBe(100); // floor(97) raised to 1.00x
    // crash >= 2.00x exactly when 1 - X <= 0.485, i.e. r >= 0.515 × 2^52.
    const half = Math.ceil(0.515 * 2 ** 52);
    expect(crashPointFromUniform52(half, DEFAULTS)).toBe(200);
    expect(crashPointFromUniform52(half - 1, DEFAULTS)).toBe(199);
    expect(crashPointFromUniform52(2 ** 52 - 1, DEFAULTS)).toBe(1_000_000);
    expect(crashPointFromUniform52(2 ** 52 - 1, { ...DEFAULTS, houseEdgeBasisPoints: 0 })).toBe(
      1_000_000,
    );
  });

  /** The formula in bigint alone, written again from the docs. */
  const exact = (r: number, edge: number, cap: number): number => {
    const two52 = 2n ** 52n;
    const raw = (BigInt(10_000 - edge) * two52) / (100n * (two52 - BigInt(r)));
    return Number(raw < BigInt(cap) ? (raw < 100n ? 100n : raw) : BigInt(cap));
  };

  it('is the exact integer formula for any r, edge and cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 52 - 1 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 100, max: Number.MAX_SAFE_INTEGER }),
        (r, edge, cap) => {
          const settings = { houseEdgeBasisPoints: edge, maxMultiplierHundredths: cap };
          expect(crashPointFromUniform52(r, settings)).toBe(exact(r, edge, cap));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('is exact where the quotient is a whole number, and one step either side', () => {
    // At 3 %: r = 2^52 - 2^(52-j) gives exactly 97 × 2^j; r = 2^52 - 97 × 2^(52-j), 2^j.
    const whole = [];
    for (let j = 0; j <= 52; j += 1) whole.push(2 ** 52 - 2 ** (52 - j));
    for (let j = 7; j <= 52; j += 1) whole.push(2 ** 52 - 97 * 2 ** (52 - j));
    const uncapped = {
      houseEdgeBasisPoints: 300,
      maxMultiplierHundredths: Number.MAX_SAFE_INTEGER,
    };
    for (const r of whole) {
      for (const near of [r - 1, r, r + 1].filter((value) => value >= 0 && value < 2 ** 52)) {
        expect(crashPointFromUniform52(near, uncapped), `r = ${near}`).toBe(
          exact(near, 300, Number.MAX_SAFE_INTEGER),
        );
      }
    }
    expect(crashPointFromUniform52(2 ** 52 - 2 ** 40, uncapped)).toBe(97 * 2 ** 12);
  });

  it('never falls as r grows and stays within 1.00x and the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 52 - 2 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 100, max: 10_000_000 }),
        (r, edge, cap) => {
          const settings = { houseEdgeBasisPoints: edge, maxMultiplierHundredths: cap };
          const crash = crashPointFromUniform52(r, settings);
          expect(crash).toBeGreaterThanOrEqual(100);
          expect(crash).toBeLessThanOrEqual(cap);
          expect(crashPointFromUniform52(r + 1, settings)).toBeGreaterThanOrEqual(crash);
        },
      ),
    );
  });

  it('refuses r outside [0, 2^52) and settings outside their range', () => {
    expect(() => crashPointFromUniform52(2 ** 52, DEFAULTS)).toThrow(RangeError);
    expect(() => crashPointFromUniform52(-1, DEFAULTS)).toThrow(RangeError);
    expect(() => crashPointFromUniform52(0.5, DEFAULTS)).toThrow(RangeError);
    expect(() => crashPointFromUniform52(0, { ...DEFAULTS, houseEdgeBasisPoints: 10_000 })).toThrow(
      RangeError,
    );
    expect(() => crashPointFromUniform52(0, { ...DEFAULTS, maxMultiplierHundredths: 99 })).toThrow(
      RangeError,
    );
  });
});

describe('first52Bits', () => {
  it('reads the first 13 hex digits', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 7, maxLength: 32 }), (bytes) => {
        expect(first52Bits(bytes)).toBe(parseInt(bytesToHex(bytes).slice(0, 13), 16));
      }),
    );
  });
});

describe('crashProbabilityAtLeast', () => {
  it('is 1 up to 1.00x, 0.97 × 100 / m to the cap and 0 above it', () => {
    expect(crashProbabilityAtLeast(100, DEFAULTS)).toBe(1);
    expect(crashProbabilityAtLeast(200, DEFAULTS)).toBeCloseTo(0.485, 12);
    expect(crashProbabilityAtLeast(101, DEFAULTS)).toBeCloseTo(97 / 101, 12);
    expect(crashProbabilityAtLeast(1_000_000, DEFAULTS)).toBeCloseTo(0.000097, 12);
    expect(crashProbabilityAtLeast(1_000_001, DEFAULTS)).toBe(0);
  });
});
