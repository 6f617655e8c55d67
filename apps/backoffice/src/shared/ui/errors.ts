import i18next from 'i18next';
import { toast } from 'react-toastify';
import { ApiError, catalogueText } from '@spm/client';

/** The text for a failed call: `errors.<CODE>` when translated, else the server's message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return catalogueText(i18next, error.code, error.message);
  if (error instanceof Error && error.message) return error.message;
  return i18next.t('errors.unknown');
}

/**
 * The text for a failed call on an ops screen: the ops wording of a code (`ops:errors.<CODE>`)
 * first, then the shared catalogue, then the server's message; field issues are appended.
 */
export function opsErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `ops:errors.${error.code}`;
    const text = i18next.exists(key) ? i18next.t(key) : errorText(error);
    if (error.issues.length === 0) return text;
    return `${text} ${error.issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ')}`;
  }
  return errorText(error);
}

export function toastError(error: unknown): void {
  toast.error(errorText(error));
}

export function toastSuccess(message: string): void {
  toast.success(message);
}
