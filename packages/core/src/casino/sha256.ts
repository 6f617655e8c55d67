/**
 * SHA-256 and HMAC-SHA256 for the provably-fair stream, which must be reproducible in the
 * browser and on the server with the same code (core may not reach for node:crypto). The
 * primitives are the maintained, audited `@noble/hashes` (DESIGN 3; the crash game's
 * million-link chain hashes through it too); this file keeps the project's string rules:
 * strings are hashed as their UTF-8 bytes (a lone surrogate becomes U+FFFD, as TextEncoder
 * and Node's Buffer do), digests are lowercase hex.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

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

/** SHA-256 of bytes. */
export function sha256Bytes(message: Uint8Array): Uint8Array {
  return sha256(message);
}

/** SHA-256 of a string's UTF-8 bytes, lowercase hex. */
export function sha256Hex(message: string): string {
  return bytesToHex(sha256Bytes(utf8Bytes(message)));
}

/**
 * An HMAC-SHA256 key made ready once: the inner and outer hash states after the key's
 * ipad and opad blocks are kept, so each message costs only its own blocks (the fair stream
 * signs many short messages under one server seed).
 */
export interface HmacSha256Key {
  sign(message: Uint8Array): Uint8Array;
}

export function hmacSha256Key(key: Uint8Array): HmacSha256Key {
  const keyed = hmac.create(sha256, key);
  // One scratch copy reused for every message: a fresh clone a message costs five times the
  // hashing itself (the fair stream signs millions of short messages in bench/casino-rtp).
  const scratch = keyed.clone();
  return {
    sign: (message) => keyed._cloneInto(scratch).update(message).digest(),
  };
}

/** HMAC-SHA256 with a string key over a string message (both UTF-8), lowercase hex. */
export function hmacSha256Hex(key: string, message: string): string {
  return bytesToHex(hmacSha256Key(utf8Bytes(key)).sign(utf8Bytes(message)));
}
