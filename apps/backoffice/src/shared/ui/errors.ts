import i18next from 'i18next';
import { toast } from 'react-toastify';
import { ApiError, catalogueText } from '@spm/client';

/** The text for a failed call: `errors.<CODE>` when translated, else the server's message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return catalogueText(i18next, error.code, error.message);
  if (error instanceof Error && error.message) return error.message;
  return i18next.t('errors.unknown');
}

export function toastError(error: unknown): void {
  toast.error(errorText(error));
}

export function toastSuccess(message: string): void {
  toast.success(message);
}
