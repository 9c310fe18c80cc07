/**
 * The web host's per-launch secret, as notebook servers do it: any local process can reach 127.0.0.1, so
 * the control routes and the gateway answer only requests that prove they came from the URL the host
 * printed at launch. The first load of `/?secret=S` sets an HttpOnly SameSite=Strict cookie (a token made
 * from S: see below) and redirects to the same page on this site without the secret (so it stays out of
 * the address bar); scripts and tests may send the header `X-Market-Desk-Secret: S` instead.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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
    throw new LaunchSecretError(
      'MARKET_DESK_WEB_SECRET must be 16 to 256 characters of A-Z, a-z, 0-9, ".", "_", "~" or "-".',
    );
  }
  return given;
}

/*
 * The cookie, and why it is built this way. A browser sends a cookie to every port of its host: no cookie
 * attribute scopes one to a port (RFC 6265 §8.5, "Cookies do not provide isolation by port"; Chromium's
 * Origin-Bound Cookies, which would, is a proposal: chromestatus.com/feature/4945698250293248). `__Host-`
 * only forbids Domain and needs Secure, which does not separate ports either. So any other server on
 * 127.0.0.1 that this browser visits (a dev server, another tool) is sent this cookie. What we can scope:
 * - its value is not the launch secret but a token derived from it for this port (HMAC): the secret printed
 *   at launch, which also opens the launch URL in another browser, never reaches another server;
 * - its name carries this port and a hash of this launch's secret: another web host (another port, or a
 *   later launch on this port) neither reads this one's cookie as its own nor overwrites it, and a stale
 *   cookie of an earlier launch is never presented as this one's;
 * - it lives as long as the browser session (no Expires) and only on this host name (no Domain).
 * The token remains a credential for this launch to whoever receives it: keep the web host's browser
 * profile off untrusted local servers, or use the desktop app (README, "Web mode").
 */

/** This launch's cookie name: the port and a short hash of the secret (not the secret). */
export function secretCookieName(port: number, secret: string): string {
  return `market-desk-${port}-${createHash('sha256').update(`market-desk cookie name\0${secret}`).digest('hex').slice(0, 16)}`;
}

/** The cookie's value: derived from the secret and the port, so the secret itself is never in a cookie. */
export function cookieToken(port: number, secret: string): string {
  return createHmac('sha256', secret).update(`market-desk cookie\0${port}`).digest('base64url');
}

export function secretCookie(port: number, secret: string): string {
  return `${secretCookieName(port, secret)}=${cookieToken(port, secret)}; Path=/; HttpOnly; SameSite=Strict`;
}

export function sameSecret(candidate: string | null | undefined, secret: string): boolean {
  if (!candidate) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request proves it came from this launch: the secret in the header, or this launch's cookie. */
export function presentsSecret(headers: { get(name: string): string | null }, port: number, secret: string): boolean {
  const header = headers.get(SECRET_HEADER);
  if (header) return sameSecret(header.trim(), secret);
  const name = secretCookieName(port, secret);
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name)
      return sameSecret(part.slice(eq + 1).trim(), cookieToken(port, secret));
  }
  return false;
}

/**
 * Where the launch URL redirects: the same path and query on this site, whatever the path holds. The URL
 * parser turns `/..//evil.example/` into the path `//evil.example/`, and `\` into `/`, so a Location built
 * from the path as it is can be protocol-relative (`//evil.example/` leaves the site: RFC 3986 §4.2); the
 * leading slashes are folded into one, and anything that would still resolve elsewhere becomes `/`.
 */
export function sameSiteLocation(pathname: string, search: string): string {
  const path = '/' + pathname.replace(/^[/\\]+/, '');
  const location = path + search;
  const base = 'http://127.0.0.1';
  try {
    return new URL(location, base).origin === base ? location : '/';
  } catch {
    return '/';
  }
}
