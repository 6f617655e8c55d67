import { describe, expect, it } from 'vitest';
import { commitSalt, verifyRound, verifySaltCommitment } from './verify.ts';
import { chainLinksInOrderOfUse } from './chain.ts';
import { crashPointFromHash } from './crash-point.ts';
import { referenceSha256 } from '../test/web-crypto.ts';

const SALT = '0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526';
const SETTINGS = { houseEdgeBasisPoints: 300, maxMultiplierHundredths: 1_000_000 };

describe('salt commitment', () => {
  it("is SHA-256 of the salt's text, as Web Crypto computes it", async () => {
    expect(commitSalt(SALT)).toBe(
      '8aa587e348b56deb02f0625bbd1cc571dad9cf8831898f57ea701f09764106f7',
    );
    expect(commitSalt('drand round 5000000')).toBe(await referenceSha256('drand round 5000000'));
  });

  it('matches its salt only, and an empty salt never', () => {
    const commitment = commitSalt(SALT);
    expect(verifySaltCommitment(SALT, commitment)).toBe(true);
    expect(verifySaltCommitment(SALT, ` ${commitment.toUpperCase()}`)).toBe(true);
    expect(verifySaltCommitment(`${SALT} `, commitment)).toBe(false);
    expect(verifySaltCommitment('', commitSalt('x').replace(/./g, '0'))).toBe(false);
    expect(() => commitSalt('')).toThrow(RangeError);
  });
});

describe('verifyRound', () => {
  const [terminating, round1, round2] = [...chainLinksInOrderOfUse('1'.repeat(64), 5)];

  it('recomputes the crash point and checks the chain and the salt when given', () => {
    expect(
      verifyRound({
        roundHash: round2!.hash,
        previousRoundHash: round1!.hash,
        salt: SALT,
        saltCommitment: commitSalt(SALT),
        ...SETTINGS,
      }),
    ).toEqual({
      crashPointHundredths: crashPointFromHash({
        roundHash: round2!.hash,
        salt: SALT,
        ...SETTINGS,
      }),
      chainOk: true,
      saltOk: true,
    });
    expect(
      verifyRound({
        roundHash: round1!.hash,
        previousRoundHash: terminating!.hash,
        salt: SALT,
        ...SETTINGS,
      }),
    ).toMatchObject({ chainOk: true, saltOk: null });
  });

  it('reports a hash off the chain and a salt that is not the committed one', () => {
    const result = verifyRound({
      roundHash: round2!.hash.toUpperCase(),
      previousRoundHash: terminating!.hash,
      salt: SALT,
      saltCommitment: commitSalt('another salt'),
      ...SETTINGS,
    });
    expect(result).toMatchObject({ chainOk: false, saltOk: false });
    expect(verifyRound({ roundHash: round2!.hash, salt: SALT, ...SETTINGS }).chainOk).toBeNull();
  });

  it('throws on a malformed round hash', () => {
    expect(() => verifyRound({ roundHash: 'xyz', salt: SALT, ...SETTINGS })).toThrow(RangeError);
  });
});
