import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bytesToHex,
  hmacSha256Hex,
  hmacSha256Key,
  sha256Bytes,
  sha256Hex,
  utf8Bytes,
} from './sha256.ts';
import {
  hexBytes,
  platformUtf8,
  referenceHmac,
  referenceSha256,
  referenceSha256Bytes,
} from '../test/web-crypto.ts';

const repeated = (byte: number, count: number) => new Uint8Array(count).fill(byte);

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 example vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(sha256Hex('a'.repeat(1_000_000))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it('hashes the padding boundaries (55, 56, 63, 64, 65 bytes) as Web Crypto does', async () => {
    for (const length of [55, 56, 57, 63, 64, 65, 119, 120, 128]) {
      const text = 'x'.repeat(length);
      expect(sha256Hex(text), `length ${length}`).toBe(await referenceSha256(text));
    }
  });

  it('hashes the UTF-8 bytes of any string, lone surrogates as U+FFFD', async () => {
    expect(sha256Hex('₹ नमस्ते 🂡')).toBe(await referenceSha256('₹ नमस्ते 🂡'));
    expect(Array.from(utf8Bytes('a\ud800b\udc00'))).toEqual(
      Array.from(platformUtf8('a\ud800b\udc00')),
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (text) => {
        expect(Array.from(utf8Bytes(text))).toEqual(Array.from(platformUtf8(text)));
        expect(sha256Hex(text)).toBe(await referenceSha256(text));
      }),
      { numRuns: 300 },
    );
  });

  it('hashes raw bytes of any length as Web Crypto does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
        expect(bytesToHex(sha256Bytes(bytes))).toBe(await referenceSha256Bytes(bytes));
      }),
      { numRuns: 200 },
    );
  });
});

describe('hmacSha256Hex', () => {
  it('matches RFC 4231 test cases 1, 2, 3, 4, 6 and 7', () => {
    const cases: [Uint8Array, Uint8Array, string][] = [
      [
        repeated(0x0b, 20),
        utf8Bytes('Hi There'),
        'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
      ],
      [
        utf8Bytes('Jefe'),
        utf8Bytes('what do ya want for nothing?'),
        '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
      ],
      [
        repeated(0xaa, 20),
        repeated(0xdd, 50),
        '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
      ],
      [
        hexBytes('0102030405060708090a0b0c0d0e0f10111213141516171819'),
        repeated(0xcd, 50),
        '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
      ],
      [
        repeated(0xaa, 131),
        utf8Bytes('Test Using Larger Than Block-Size Key - Hash Key First'),
        '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
      ],
      [
        repeated(0xaa, 131),
        utf8Bytes(
          'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
        ),
        '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
      ],
    ];
    for (const [key, message, expected] of cases) {
      expect(bytesToHex(hmacSha256Key(key).sign(message))).toBe(expected);
    }
    expect(hmacSha256Hex('', '')).toBe(
      'b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad',
    );
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('matches Web Crypto on random string keys (short, block-sized and long) and messages', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Web Crypto refuses an empty key (the empty key's vector is checked above).
        fc.string({ unit: 'binary', minLength: 1, maxLength: 150 }),
        fc.string({ unit: 'binary', maxLength: 150 }),
        async (key, message) => {
          expect(hmacSha256Hex(key, message)).toBe(
            await referenceHmac(platformUtf8(key), platformUtf8(message)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('signs many messages under one prepared key as fresh HMACs do', async () => {
    const key = hmacSha256Key(utf8Bytes('server-seed'));
    for (let counter = 0; counter < 20; counter += 1) {
      const message = utf8Bytes(`client:7:${counter}`);
      expect(bytesToHex(key.sign(message))).toBe(
        await referenceHmac(utf8Bytes('server-seed'), message),
      );
    }
  });
});
