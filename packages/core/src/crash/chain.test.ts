import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chainLinksFromSeed,
  chainLinksInOrderOfUse,
  isChainHash,
  nextChainHash,
  terminatingHash,
  verifyChainLink,
} from './chain.ts';
import { referenceSha256 } from '../test/web-crypto.ts';

const ZERO_SEED = '0'.repeat(64);

describe('nextChainHash', () => {
  it('hashes the hex text, as sha256sum of the 64 characters does', async () => {
    // echo -n 000…000 (64 zeros) | sha256sum
    expect(nextChainHash(ZERO_SEED)).toBe(
      '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55',
    );
    const link = nextChainHash(ZERO_SEED);
    expect(nextChainHash(link)).toBe(await referenceSha256(link));
  });

  it('refuses anything but 64 lowercase hex digits (upper case would hash other bytes)', () => {
    expect(() => nextChainHash(ZERO_SEED.toUpperCase().replace(/0/g, 'A'))).toThrow(RangeError);
    expect(() => nextChainHash('abc')).toThrow(RangeError);
    expect(isChainHash(`${ZERO_SEED}0`)).toBe(false);
  });
});

describe('the chain', () => {
  it('builds 1,000 links, each hashing to the one before it down to the terminating hash', () => {
    const links = [...chainLinksInOrderOfUse(ZERO_SEED, 1000)];
    expect(links).toHaveLength(1001);
    expect(links[0]).toEqual({ roundNumber: 0, hash: terminatingHash(ZERO_SEED, 1000) });
    expect(links[1000]).toEqual({ roundNumber: 1000, hash: ZERO_SEED });
    for (let round = 1; round <= 1000; round += 1) {
      expect(links[round]!.roundNumber).toBe(round);
      expect(verifyChainLink(links[round]!.hash, links[round - 1]!.hash)).toBe(true);
    }
    expect(new Set(links.map((link) => link.hash)).size).toBe(1001);
  });

  it('has a known terminating hash (10 rounds from the zero seed)', () => {
    expect(terminatingHash(ZERO_SEED, 10)).toBe(
      '300901a2ccada06162d373a85a112800e78e7fb5756e95ee23640cb9fc89e5fc',
    );
    expect(terminatingHash(ZERO_SEED, 1)).toBe(nextChainHash(ZERO_SEED));
  });

  it('gives the same links in order of use as from the seed, reversed, for any length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 150 }), (length) => {
        const fromSeed = [...chainLinksFromSeed(ZERO_SEED, length)];
        expect([...chainLinksInOrderOfUse(ZERO_SEED, length)]).toEqual(fromSeed.reverse());
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a malformed seed or length', () => {
    expect(() => [...chainLinksFromSeed('seed', 3)]).toThrow(RangeError);
    expect(() => [...chainLinksInOrderOfUse(ZERO_SEED, 0)]).toThrow(RangeError);
    expect(() => terminatingHash(ZERO_SEED, 1.5)).toThrow(RangeError);
  });
});

describe('verifyChainLink', () => {
  const round1 = nextChainHash(ZERO_SEED);
  const terminating = nextChainHash(round1);

  it('accepts the link and a pasted upper-case or padded copy', () => {
    expect(verifyChainLink(round1, terminating)).toBe(true);
    expect(verifyChainLink(` ${round1.toUpperCase()} `, terminating.toUpperCase())).toBe(true);
  });

  it('refuses a reversed pair, a changed digit and malformed text', () => {
    expect(verifyChainLink(terminating, round1)).toBe(false);
    expect(verifyChainLink(round1, `${terminating.slice(0, 63)}0`)).toBe(false);
    expect(verifyChainLink('', terminating)).toBe(false);
    expect(verifyChainLink(round1, 'zz')).toBe(false);
  });
});
