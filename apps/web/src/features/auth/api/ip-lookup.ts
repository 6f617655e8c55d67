/** SPEC 7.7: the visitor's public address, sent with the registration. */
export const DEFAULT_IP_LOOKUP_URL = 'https://api.ipify.org?format=json';
/** A slow lookup must not hold up the sign-up; the server records its own view anyway. */
export const IP_LOOKUP_TIMEOUT_MS = 2000;

export function ipLookupUrl(): string {
  return import.meta.env.VITE_IP_LOOKUP_URL || DEFAULT_IP_LOOKUP_URL;
}

/** The public address, or undefined when the service is unreachable, slow or odd. */
export async function lookupPublicIp(): Promise<string | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), IP_LOOKUP_TIMEOUT_MS);
  try {
    // A third-party service: no cookies, no token.
    const response = await fetch(ipLookupUrl(), {
      signal: controller.signal,
      credentials: 'omit',
    });
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    const ip =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>).ip : null;
    return typeof ip === 'string' && ip.length > 0 && ip.length <= 64 ? ip : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
