/**
 * The web host's per-launch secret, as notebook servers do it: any local process can reach 127.0.0.1, so
 * the control routes and the gateway answer only requests that prove they came from the URL the host
 * printed at launch. The first load of `/?secret=S` sets an HttpOnly SameSite=Strict cookie and redirects
 * to the same page without the secret (so it stays out of the address bar); scripts and tests may send the
 * header `X-Market-Desk-Secret: S` instead.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_HEADER = 'x-market-desk-secret';
export const SECRET_QUERY = 'secret';
/** URL-safe, so the printed URL needs no escaping; long enough not to be guessed. */
const SECRET_PATTERN = /^[A-Za-z0-9._~-]{16,256}$/;

export class LaunchSecretError extends Error {
  override readonly name = 'LaunchSecretError';
}

/** The given secret (MARKET_DESK_WEB_SECRET), checked, or a fresh random one. */
export function launchSecret(given?: string): string {
  if (given === undefined || given === '') return randomBytes(24).toString('base64url');
  if (!SECRET_PATTERN.test(given)) {
    throw new LaunchSecretError('MARKET_DESK_WEB_SECRET must be 16 to 256 characters of A-Z, a-z, 0-9, ".", "_", "~" or "-".');
  }
  return given;
}

/** Cookies are shared by every port of a host, so the name carries the port: two web hosts never clash. */
export function secretCookieName(port: number): string {
  return `market-desk-secret-${port}`;
}

export function secretCookie(port: number, secret: string): string {
  return `${secretCookieName(port)}=${secret}; Path=/; HttpOnly; SameSite=Strict`;
}

export function sameSecret(candidate: string | null | undefined, secret: string): boolean {
  if (!candidate) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The secret a request presents: the header, else our cookie. */
export function presentedSecret(headers: { get(name: string): string | null }, port: number): string | null {
  const header = headers.get(SECRET_HEADER);
  if (header) return header.trim();
  const name = secretCookieName(port);
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
