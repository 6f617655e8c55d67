import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie } from './cookies.ts';
import { tokenFromAuthorization } from './auth.ts';

describe('cookies', () => {
  it('parses a Cookie header: first of a name wins, quotes and escapes undone', () => {
    expect(parseCookies('a=1; reset_ticket=abc%2Bd; a=2; b="q"; junk; =x')).toEqual({
      a: '1',
      reset_ticket: 'abc+d',
      b: 'q',
    });
    expect(parseCookies(undefined)).toEqual({});
    expect(parseCookies('bad=%E0%A4%A')).toEqual({ bad: '%E0%A4%A' });
  });

  it('writes a cookie and its removal', () => {
    const options = {
      path: '/api',
      maxAgeSeconds: 600,
      httpOnly: true,
      sameSite: 'Strict',
      secure: false,
    } as const;
    expect(serializeCookie('reset_ticket', 'a b', options)).toBe(
      'reset_ticket=a%20b; Path=/api; Max-Age=600; SameSite=Strict; HttpOnly',
    );
    expect(
      serializeCookie('reset_ticket', '', { ...options, maxAgeSeconds: 0, secure: true }),
    ).toBe(
      'reset_ticket=; Path=/api; Max-Age=0; SameSite=Strict; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure',
    );
  });
});

describe('authorization header', () => {
  it('takes a raw token or a Bearer token', () => {
    expect(tokenFromAuthorization('abc')).toBe('abc');
    expect(tokenFromAuthorization('Bearer abc')).toBe('abc');
    expect(tokenFromAuthorization('bearer   abc ')).toBe('abc');
    expect(tokenFromAuthorization('Bearer ')).toBeNull();
    expect(tokenFromAuthorization('')).toBeNull();
    expect(tokenFromAuthorization(undefined)).toBeNull();
  });
});
