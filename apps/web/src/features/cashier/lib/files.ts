import { UPLOAD_MAX_BYTES_DEFAULT, UPLOAD_MIME_TYPES } from '@spm/contract';
import { problem } from './form-problem';
import type { FieldProblem } from './form-problem';

/** What the file picker offers; the server checks the real type from the first bytes. */
export const IMAGE_ACCEPT = UPLOAD_MIME_TYPES.join(',');

const BYTES_PER_MB = 1024 * 1024;

/** The size limit as the player reads it ("5 MB"). */
export const uploadLimitText = `${Math.round((UPLOAD_MAX_BYTES_DEFAULT / BYTES_PER_MB) * 10) / 10} MB`;

/**
 * Checked before the upload so a wrong file costs no round trip: JPEG, PNG or WebP, at most
 * the default limit (the server enforces its own, which may differ).
 */
export function imageProblem(file: File): FieldProblem | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
    return problem('cashier.file.type');
  }
  if (file.size > UPLOAD_MAX_BYTES_DEFAULT) {
    return problem('cashier.file.size', { size: uploadLimitText });
  }
  return null;
}
