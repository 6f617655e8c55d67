import { VALIDATION_MESSAGES } from '@spm/core';
import type { ValidationMessage } from '@spm/core';

/**
 * The core validators return the spec's English message (SPEC 5); the dialogs show it
 * through the i18n key of the same name under `validation.` (whose English text is that
 * message word for word), so every language gets its translation.
 */
const KEY_BY_MESSAGE = new Map<string, string>(
  Object.entries(VALIDATION_MESSAGES).map(([name, message]) => [message, `validation.${name}`]),
);

export function validationKey(message: ValidationMessage): string {
  return KEY_BY_MESSAGE.get(message) ?? message;
}

/** A core validator's result as an i18n key, or null when valid. */
export function toKey(message: ValidationMessage | null): string | null {
  return message === null ? null : validationKey(message);
}

/** Rules the spec does not word, kept with the spec's own messages for one lookup. */
export const EXTRA_VALIDATION_KEYS = {
  emailInvalid: 'validation.emailInvalid',
  otpInvalid: 'validation.otpInvalid',
  nameEmpty: 'validation.nameEmpty',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Format check for a non-empty email; emptiness is the spec's rule (validateRegisterEmail). */
export function isEmailFormat(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** The contract's OTP: six digits. */
export function isOtpFormat(otp: string): boolean {
  return /^\d{6}$/.test(otp);
}
