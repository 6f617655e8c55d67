import { randomBytes } from 'node:crypto';

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

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bytes our magic-byte check accepts as PNG, of about `size` bytes. */
export function pngBytes(size = 64): Buffer {
  return Buffer.concat([PNG_SIGNATURE, randomBytes(Math.max(0, size - PNG_SIGNATURE.length))]);
}

export const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
