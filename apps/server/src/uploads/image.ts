import { UPLOAD_MAX_INPUT_PIXELS, type UploadMimeType } from '@spm/contract';
import sharp from 'sharp';
import { AppError } from '../http/app-error.ts';

/**
 * Every uploaded image is decoded and encoded again before it is stored (issue 11): only
 * pixels survive, so bytes appended to a valid image (HTML or script in a polyglot file)
 * and metadata (EXIF GPS, camera serials) are dropped. The format stays the one the magic
 * bytes proved, so the stored name's extension and the served content type still match.
 */
export async function reencodeImage(
  bytes: Buffer,
  mimeType: UploadMimeType,
  field: string,
): Promise<Buffer> {
  // A decompression bomb (a tiny file declaring a huge canvas) is refused from its header,
  // before any pixel is decoded.
  const image = sharp(bytes, { limitInputPixels: UPLOAD_MAX_INPUT_PIXELS })
    // Phones store photos sideways plus an EXIF turn; the turn is lost with the metadata,
    // so it is applied to the pixels first.
    .autoOrient();
  try {
    switch (mimeType) {
      case 'image/png':
        return await image.png().toBuffer();
      case 'image/jpeg':
        return await image.jpeg({ quality: 90 }).toBuffer();
      case 'image/webp':
        return await image.webp({ quality: 90 }).toBuffer();
    }
  } catch (error) {
    throw imageError(error, field);
  }
}

function imageError(error: unknown, field: string): AppError {
  const message = error instanceof Error ? error.message : '';
  if (message.includes('pixel limit')) {
    const text = `The image is too large: at most ${UPLOAD_MAX_INPUT_PIXELS / 1_000_000} megapixels.`;
    return new AppError('PAYLOAD_TOO_LARGE', text, {
      issues: [{ field, message: text }],
      cause: error,
    });
  }
  // Magic bytes of an image with a body sharp cannot decode: not an image we accept.
  const text = 'This image could not be read. Upload a JPEG, PNG or WebP image.';
  return new AppError('UNSUPPORTED_MEDIA_TYPE', text, {
    issues: [{ field, message: text }],
    cause: error,
  });
}
