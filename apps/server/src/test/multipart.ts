import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface MultipartPart {
  name: string;
  /** A text field's value. */
  value?: string;
  /** A file part: its bytes, file name and claimed content type. */
  data?: Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body for app.inject, built by hand so tests control every byte. */
export function multipartBody(parts: MultipartPart[]): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----spm${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.data === undefined) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`,
        ),
      );
      continue;
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename ?? 'file.png'}"\r\nContent-Type: ${part.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Real images, made by sharp once per test file: uploads are decoded and re-encoded before
 * they are stored (uploads/image.ts), so bytes that only look like an image are refused.
 * Noise pixels, so the encoders cannot shrink them to nothing.
 */
async function sampleImage(format: 'png' | 'jpeg' | 'webp', side = 8): Promise<Buffer> {
  const pixels = randomBytes(side * side * 3);
  const image = sharp(pixels, { raw: { width: side, height: side, channels: 3 } });
  return image.toFormat(format).toBuffer();
}

export const PNG_IMAGE = await sampleImage('png');
export const JPEG_BYTES = await sampleImage('jpeg');
export const WEBP_IMAGE = await sampleImage('webp');

/**
 * A real PNG of at least `size` bytes: the sample image, followed by random bytes when `size`
 * asks for more. Decoders stop at the PNG's end (IEND), so the padding only counts towards
 * size limits; re-encoding drops it.
 */
export function pngBytes(size = 64): Buffer {
  return Buffer.concat([PNG_IMAGE, randomBytes(Math.max(0, size - PNG_IMAGE.length))]);
}

/** A new real image in `format`: `side` x `side` noise pixels. */
export function realImage(format: 'png' | 'jpeg' | 'webp', side = 8): Promise<Buffer> {
  return sampleImage(format, side);
}

/** What a decoder sees in `bytes`: stored uploads are re-encoded, so tests compare this. */
export async function imageInfo(
  bytes: Buffer,
): Promise<{ format: string | undefined; width: number; height: number }> {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
}

/** CRC-32 of PNG chunks (ISO 3309), so a forged header still reads as valid. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A decompression bomb: a small real PNG whose header (IHDR, the first chunk at byte 8:
 * length, type, width, height, ..., CRC) declares `width` x `height` pixels.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const bomb = Buffer.from(PNG_IMAGE);
  bomb.writeUInt32BE(width, 16);
  bomb.writeUInt32BE(height, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}
