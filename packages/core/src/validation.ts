/**
 * Input rules of SPEC section 5. Each returns the spec's English message word for word (or
 * null when valid); the apps translate by that message's key, the server sends it as is.
 */
import {
  INDIA_COUNTRY_CODE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_DIGITS_WITH_COUNTRY_CODE,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '@spm/contract';

export const VALIDATION_MESSAGES = {
  loginUsernameEmpty: 'Username cannot be empty',
  passwordEmpty: 'Password cannot be empty',
  registerUsernameEmpty: 'User name cannot be empty',
  usernameLength: 'Username must be 4 to 15 characters.',
  usernameCharacters: 'Special characters are not allowed in username.',
  emailEmpty: 'Email cannot be empty',
  passwordLength: 'Password must be 8 to 20 characters.',
  mobileRequired: 'Please enter mobile number',
  allFieldsMandatory: 'All fields are mandatory',
} as const;

export type ValidationMessage = (typeof VALIDATION_MESSAGES)[keyof typeof VALIDATION_MESSAGES];

const USERNAME_CHARACTERS = /^[A-Za-z0-9 ]+$/;

export function validateLoginUsername(username: string): ValidationMessage | null {
  return username.trim() === '' ? VALIDATION_MESSAGES.loginUsernameEmpty : null;
}

export function validateLoginPassword(password: string): ValidationMessage | null {
  return password === '' ? VALIDATION_MESSAGES.passwordEmpty : null;
}

export function validateRegisterUsername(username: string): ValidationMessage | null {
  if (username === '') return VALIDATION_MESSAGES.registerUsernameEmpty;
  if (username.length < USERNAME_MIN_LENGTH || username.length > USERNAME_MAX_LENGTH) {
    return VALIDATION_MESSAGES.usernameLength;
  }
  if (!USERNAME_CHARACTERS.test(username)) return VALIDATION_MESSAGES.usernameCharacters;
  return null;
}

export function validateRegisterPassword(password: string): ValidationMessage | null {
  if (password === '') return VALIDATION_MESSAGES.passwordEmpty;
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return VALIDATION_MESSAGES.passwordLength;
  }
  return null;
}

export function validateRegisterEmail(
  email: string,
  emailRequired: boolean,
): ValidationMessage | null {
  return emailRequired && email.trim() === '' ? VALIDATION_MESSAGES.emailEmpty : null;
}

/** Keeps only digits and caps at 12, as the phone field does while the player types. */
export function capPhoneDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE_DIGITS_WITH_COUNTRY_CODE);
}

export interface IndianPhone {
  /** National number without the country code, as the API's `mobile` field carries it. */
  mobile: string;
  countryCode: typeof INDIA_COUNTRY_CODE;
}

/**
 * A complete Indian mobile: 91 followed by ten digits starting 6 to 9 (the mobile ranges of
 * the national numbering plan). Anything else is not a phone the platform accepts.
 */
export function parseIndianPhone(digitsWithCountryCode: string): IndianPhone | null {
  const digits = digitsWithCountryCode.replace(/\D/g, '');
  if (digits.length !== PHONE_DIGITS_WITH_COUNTRY_CODE) return null;
  if (!digits.startsWith(INDIA_COUNTRY_CODE)) return null;
  const mobile = digits.slice(INDIA_COUNTRY_CODE.length);
  if (!/^[6-9]\d{9}$/.test(mobile)) return null;
  return { mobile, countryCode: INDIA_COUNTRY_CODE };
}
