import i18next from 'i18next';
import { UPLOAD_MAX_BYTES_DEFAULT, UPLOAD_MIME_TYPES } from '@spm/contract';
import { ApiError } from '@spm/client';
import { errorText } from '../../shared/ui/index.ts';

/** A failed call's text: `ops:errors.<CODE>`, then the shared catalogue, then the message. */
export function settingsErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `ops:errors.${error.code}`;
    const text = i18next.exists(key) ? i18next.t(key) : errorText(error);
    if (error.issues.length === 0) return text;
    return `${text} ${error.issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ')}`;
  }
  return errorText(error);
}

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
