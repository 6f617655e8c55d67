import { randomBytes } from 'node:crypto';
import { UPLOAD_MAX_INPUT_PIXELS, type UploadMimeType } from '@spm/contract';
import { detectImageType } from '@spm/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../http/app-error.ts';
import { pngDeclaring } from '../test/multipart.ts';
import { reencodeImage } from './image.ts';

const SCRIPT = '<script>alert(1)</script>';
const FORMATS = [
  ['png', 'image/png'],
  ['jpeg', 'image/jpeg'],
  ['webp', 'image/webp'],
] as const satisfies readonly (readonly [string, UploadMimeType])[];

function noise(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

/** The code and status a rejected promise carries, for one-line assertions. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; status: number }> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, status: error.statusCode };
}

describe('re-encoding uploaded images', () => {
  it.each(FORMATS)('drops a script appended to a %s and keeps the format', async (format, mime) => {
    const image = await noise(16, 12).toFormat(format).toBuffer();
    const polyglot = Buffer.concat([image, Buffer.from(SCRIPT)]);
    expect(detectImageType(polyglot)).toBe(mime);

    const clean = await reencodeImage(polyglot, mime, 'proof');

    expect(clean.includes(SCRIPT)).toBe(false);
    expect(clean.includes('<script')).toBe(false);
    expect(detectImageType(clean)).toBe(mime);
    const decoded = await sharp(clean).metadata();
    expect(decoded).toMatchObject({ format, width: 16, height: 12 });
  });

  it('turns a photo by its EXIF orientation and strips the metadata', async () => {
    // Stored 16 wide and 8 high, with orientation 6: "turn 90 degrees clockwise to view".
    const sideways = await noise(16, 8)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-camera-42' } } })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    expect(sideways.includes('secret-camera-42')).toBe(true);

    const clean = await reencodeImage(sideways, 'image/jpeg', 'front');

    const decoded = await sharp(clean).metadata();
    expect(decoded).toMatchObject({ format: 'jpeg', width: 8, height: 16 });
    expect(decoded.orientation).toBeUndefined();
    expect(decoded.exif).toBeUndefined();
    expect(clean.includes('secret-camera-42')).toBe(false);
  });

  it('refuses a decompression bomb from its header with 413', async () => {
    const side = Math.ceil(Math.sqrt(UPLOAD_MAX_INPUT_PIXELS)) + 1;
    const bomb = pngDeclaring(side, side);

    expect(await refusal(reencodeImage(bomb, 'image/png', 'proof'))).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
    });
  });

  it.each(FORMATS)('refuses %s magic bytes that do not decode with 415', async (_format, mime) => {
    const image = await noise(4, 4).toFormat(_format).toBuffer();
    const broken = Buffer.concat([image.subarray(0, 16), randomBytes(64)]);
    expect(detectImageType(broken)).toBe(mime);

    expect(await refusal(reencodeImage(broken, mime, 'proof'))).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
    });
  });
});
