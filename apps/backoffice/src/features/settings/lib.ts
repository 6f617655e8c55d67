import { UPLOAD_MAX_BYTES_DEFAULT, UPLOAD_MIME_TYPES } from '@spm/contract';

/** Why an image may not be uploaded (the server checks the bytes again), or null. */
export function imageProblem(file: File | null): 'required' | 'type' | 'size' | null {
  if (!file) return 'required';
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > UPLOAD_MAX_BYTES_DEFAULT) return 'size';
  return null;
}

export const IMAGE_ACCEPT = UPLOAD_MIME_TYPES.join(',');
export const IMAGE_MAX_MB = UPLOAD_MAX_BYTES_DEFAULT / (1024 * 1024);

/** A local preview of a chosen file (revoke it when done); null where unsupported. */
export function previewUrl(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}
