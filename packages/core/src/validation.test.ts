import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  VALIDATION_MESSAGES as M,
  capPhoneDigits,
  parseIndianPhone,
  validateLoginPassword,
  validateLoginUsername,
  validateRegisterEmail,
  validateRegisterPassword,
  validateRegisterUsername,
} from './validation.ts';

describe('login rules (SPEC 5)', () => {
  it('needs a username and a password', () => {
    expect(validateLoginUsername('')).toBe('Username cannot be empty');
    expect(validateLoginUsername('   ')).toBe('Username cannot be empty');
    expect(validateLoginUsername('ravi')).toBeNull();
    expect(validateLoginPassword('')).toBe('Password cannot be empty');
    expect(validateLoginPassword('x')).toBeNull();
  });
});

describe('registration rules (SPEC 5)', () => {
  it.each([
    ['', M.registerUsernameEmpty],
    ['abc', M.usernameLength],
    ['a'.repeat(16), M.usernameLength],
    ['ravi_k', M.usernameCharacters],
    ['ravi@1', M.usernameCharacters],
    ['ravi 123', null],
    ['abcd', null],
    ['a'.repeat(15), null],
  ])('username %j gives %j', (username, message) => {
    expect(validateRegisterUsername(username)).toBe(message);
  });

  it('gives the exact spec texts', () => {
    expect(M.registerUsernameEmpty).toBe('User name cannot be empty');
    expect(M.usernameLength).toBe('Username must be 4 to 15 characters.');
    expect(M.usernameCharacters).toBe('Special characters are not allowed in username.');
    expect(M.passwordLength).toBe('Password must be 8 to 20 characters.');
  });

  it.each([
    ['', M.passwordEmpty],
    ['1234567', M.passwordLength],
    ['x'.repeat(21), M.passwordLength],
    ['12345678', null],
    ['x'.repeat(20), null],
  ])('password %j gives %j', (password, message) => {
    expect(validateRegisterPassword(password)).toBe(message);
  });

  it('asks for email only when the IS_EMAIL setting is on', () => {
    expect(validateRegisterEmail('', true)).toBe('Email cannot be empty');
    expect(validateRegisterEmail('', false)).toBeNull();
    expect(validateRegisterEmail('a@b.in', true)).toBeNull();
  });

  it('accepts exactly the usernames of 4-15 letters, digits and spaces', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (candidate) => {
        const valid = /^[A-Za-z0-9 ]{4,15}$/.test(candidate);
        expect(validateRegisterUsername(candidate) === null).toBe(valid);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('Indian phone (SPEC 5, 9)', () => {
  it('caps typed input at 12 digits and drops non-digits', () => {
    expect(capPhoneDigits('+91 98765-43210 99')).toBe('919876543210');
    expect(capPhoneDigits('abc')).toBe('');
  });

  it('accepts only 91 followed by a ten-digit mobile', () => {
    expect(parseIndianPhone('919876543210')).toEqual({ mobile: '9876543210', countryCode: '91' });
    expect(parseIndianPhone('+91 98765 43210')).toEqual({
      mobile: '9876543210',
      countryCode: '91',
    });
    expect(parseIndianPhone('91987654321')).toBeNull();
    expect(parseIndianPhone('449876543210')).toBeNull();
    expect(parseIndianPhone('911234567890')).toBeNull();
  });
});
