/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain TypeScript: the provably-fair
 * stream must be reproducible in the browser and on the server with the same code, and core
 * may not reach for node:crypto. Strings are hashed as their UTF-8 bytes (a lone surrogate
 * becomes U+FFFD, as TextEncoder and Node's Buffer do); digests are lowercase hex.
 */

const ROUND_CONSTANTS = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INITIAL_STATE = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];
const BLOCK_BYTES = 64;

/** The UTF-8 bytes of a string (TextEncoder is not in core's ES-only library). */
export function utf8Bytes(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    let code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = index + 1 < text.length ? text.charCodeAt(index + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        index += 1;
      } else {
        code = 0xfffd;
      }
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      code = 0xfffd;
    }
    if (code < 0x80) {
      bytes.push(code);
    } else if (code < 0x800) {
      bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    } else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
    }
  }
  return Uint8Array.from(bytes);
}

/** Lowercase hex of bytes. */
export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

const schedule = new Int32Array(64);

/** One compression of a 64-byte block at `offset` into `state` (eight 32-bit words). */
function compress(state: Int32Array, block: Uint8Array, offset: number): void {
  for (let t = 0; t < 16; t += 1) {
    const at = offset + t * 4;
    schedule[t] =
      (block[at]! << 24) | (block[at + 1]! << 16) | (block[at + 2]! << 8) | block[at + 3]!;
  }
  for (let t = 16; t < 64; t += 1) {
    const w15 = schedule[t - 15]!;
    const w2 = schedule[t - 2]!;
    const sigma0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const sigma1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    schedule[t] = (schedule[t - 16]! + sigma0 + schedule[t - 7]! + sigma1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let t = 0; t < 64; t += 1) {
    const sum1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const choose = (e & f) ^ (~e & g);
    const temp1 = (h + sum1 + choose + ROUND_CONSTANTS[t]! + schedule[t]!) | 0;
    const sum0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const majority = (a & b) ^ (a & c) ^ (b & c);
    const temp2 = (sum0 + majority) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + temp1) | 0;
    d = c;
    c = b;
    b = a;
    a = (temp1 + temp2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/**
 * Finishes a hash: `state` has already absorbed `absorbedBytes` bytes (whole blocks); this
 * absorbs `message`, pads, and answers the 32-byte digest. `state` is left untouched.
 */
function finish(state: Int32Array, absorbedBytes: number, message: Uint8Array): Uint8Array {
  const working = Int32Array.from(state);
  const totalBytes = absorbedBytes + message.length;
  const paddedLength = Math.ceil((message.length + 9) / BLOCK_BYTES) * BLOCK_BYTES;
  const padded = new Uint8Array(paddedLength);
  padded.set(message);
  padded[message.length] = 0x80;
  // The message length in bits, big-endian 64-bit (messages here stay far below 2^53 bits).
  const totalBits = totalBytes * 8;
  const high = Math.floor(totalBits / 0x100000000);
  const low = totalBits >>> 0;
  padded[paddedLength - 8] = high >>> 24;
  padded[paddedLength - 7] = (high >>> 16) & 0xff;
  padded[paddedLength - 6] = (high >>> 8) & 0xff;
  padded[paddedLength - 5] = high & 0xff;
  padded[paddedLength - 4] = low >>> 24;
  padded[paddedLength - 3] = (low >>> 16) & 0xff;
  padded[paddedLength - 2] = (low >>> 8) & 0xff;
  padded[paddedLength - 1] = low & 0xff;
  for (let offset = 0; offset < paddedLength; offset += BLOCK_BYTES) {
    compress(working, padded, offset);
  }
  const digest = new Uint8Array(32);
  for (let word = 0; word < 8; word += 1) {
    const value = working[word]!;
    digest[word * 4] = value >>> 24;
    digest[word * 4 + 1] = (value >>> 16) & 0xff;
    digest[word * 4 + 2] = (value >>> 8) & 0xff;
    digest[word * 4 + 3] = value & 0xff;
  }
  return digest;
}

/** SHA-256 of bytes. */
export function sha256Bytes(message: Uint8Array): Uint8Array {
  return finish(Int32Array.from(INITIAL_STATE), 0, message);
}

/** SHA-256 of a string's UTF-8 bytes, lowercase hex. */
export function sha256Hex(message: string): string {
  return bytesToHex(sha256Bytes(utf8Bytes(message)));
}

/**
 * An HMAC-SHA256 key made ready once: the inner and outer hash states after the key's
 * ipad and opad blocks, so each message costs only its own blocks (the fair stream signs
 * many short messages under one server seed).
 */
export interface HmacSha256Key {
  sign(message: Uint8Array): Uint8Array;
}

export function hmacSha256Key(key: Uint8Array): HmacSha256Key {
  const keyBlock = new Uint8Array(BLOCK_BYTES);
  keyBlock.set(key.length > BLOCK_BYTES ? sha256Bytes(key) : key);
  const innerPad = new Uint8Array(BLOCK_BYTES);
  const outerPad = new Uint8Array(BLOCK_BYTES);
  for (let index = 0; index < BLOCK_BYTES; index += 1) {
    innerPad[index] = keyBlock[index]! ^ 0x36;
    outerPad[index] = keyBlock[index]! ^ 0x5c;
  }
  const innerState = Int32Array.from(INITIAL_STATE);
  compress(innerState, innerPad, 0);
  const outerState = Int32Array.from(INITIAL_STATE);
  compress(outerState, outerPad, 0);
  return {
    sign: (message) => finish(outerState, BLOCK_BYTES, finish(innerState, BLOCK_BYTES, message)),
  };
}

/** HMAC-SHA256 with a string key over a string message (both UTF-8), lowercase hex. */
export function hmacSha256Hex(key: string, message: string): string {
  return bytesToHex(hmacSha256Key(utf8Bytes(key)).sign(utf8Bytes(message)));
}
