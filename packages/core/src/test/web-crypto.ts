/**
 * The runtime's Web Crypto (the same OpenSSL node:crypto uses) as the independent reference
 * core's hash tests check against, reached through globalThis: core's lint keeps node:* out
 * of this package, tests included, and its tsconfig has no DOM or Node types, hence the
 * small typed view.
 */
import { bytesToHex } from '../casino/sha256.ts';

interface WebCryptoView {
  subtle: {
    digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
    importKey(
      format: 'raw',
      key: Uint8Array,
      algorithm: { name: 'HMAC'; hash: 'SHA-256' },
      extractable: boolean,
      usages: ['sign'],
    ): Promise<unknown>;
    sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  };
}
const webCrypto = (globalThis as unknown as { crypto: WebCryptoView }).crypto;

/** Text to bytes as the platform encodes it. */
export const platformUtf8 = (text: string): Uint8Array =>
  new (
    globalThis as unknown as { TextEncoder: new () => { encode(text: string): Uint8Array } }
  ).TextEncoder().encode(text);

export const hexBytes = (hex: string): Uint8Array =>
  Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));

/** SHA-256 of bytes, lowercase hex. */
export async function referenceSha256Bytes(bytes: Uint8Array): Promise<string> {
  return bytesToHex(new Uint8Array(await webCrypto.subtle.digest('SHA-256', bytes)));
}

/** SHA-256 of a text's UTF-8 bytes, lowercase hex. */
export async function referenceSha256(text: string): Promise<string> {
  return referenceSha256Bytes(platformUtf8(text));
}

/** HMAC-SHA256, lowercase hex. */
export async function referenceHmac(key: Uint8Array, message: Uint8Array): Promise<string> {
  const imported = await webCrypto.subtle.importKey(
    'raw',
    key,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return bytesToHex(new Uint8Array(await webCrypto.subtle.sign('HMAC', imported, message)));
}
