/**
 * The little cookie handling the reset ticket needs (docs/decisions.md), by hand: one cookie
 * read, one written, no package for it.
 */

/** name=value pairs of a Cookie header; the first of a repeated name wins. */
export function parseCookies(header: string | undefined): Record<string, string> {
  // A Map, not an object: a cookie named __proto__ or toString must stay just a cookie.
  const cookies = new Map<string, string>();
  if (!header) return {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name === '' || cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
      value = value.slice(1, -1);
    }
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return Object.fromEntries(cookies);
}

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  httpOnly: boolean;
  sameSite: 'Strict' | 'Lax';
  secure: boolean;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    `SameSite=${options.sameSite}`,
  ];
  if (options.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
