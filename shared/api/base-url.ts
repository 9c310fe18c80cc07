/**
 * The Base URL rules, in one place: the Settings form checks what the user types with them, the host checks
 * every connect request again before a key goes anywhere. '' is the built-in reference service (demo data);
 * anything else is https://host[:port][/path], http:// only for this computer (127.0.0.1, localhost, [::1]), so
 * a key never crosses a network in clear text. Never spaces, credentials, a ?query or #fragment, another scheme.
 * Stored: the origin (host lower-cased, default port dropped) and path, without trailing slashes or a pasted
 * API suffix (/api/v2, /api/v2/graphql, /api/v2/rest/…): the app adds the prefix itself.
 */
import { API_PREFIX } from './schema';

/**
 * The WHATWG URL parser, a global of every runtime shared/ runs in (page, worker, Node). shared/ sees neither
 * DOM nor Node types, so this names the part of it used here.
 */
declare const URL: new (input: string) => {
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
  readonly search: string;
  readonly hash: string;
  readonly origin: string;
  readonly pathname: string;
};

/** Hosts plain http:// is accepted for (WHATWG `hostname`: an IPv6 address keeps its brackets). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type BaseUrlCheck =
  /** baseUrl: the normalized form, '' for the reference service. */
  | { readonly ok: true; readonly baseUrl: string }
  /** problem: one sentence saying what to change. */
  | { readonly ok: false; readonly problem: string };

const API_SUFFIX = new RegExp(`${API_PREFIX.replace(/\//g, '\\/')}(\\/(graphql|rest(\\/.*)?)?)?$`, 'i');

/** The Base URL as typed -> its normalized form, or what is wrong with it. */
export function checkBaseUrl(text: string): BaseUrlCheck {
  const t = text.trim();
  if (t === '') return { ok: true, baseUrl: '' };
  const problem = (sentence: string): BaseUrlCheck => ({ ok: false, problem: sentence });
  if (/\s/.test(t)) return problem('The Base URL cannot contain spaces.');
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(t);
  } catch {
    return problem(
      /^[a-z][a-z0-9+.-]*:/i.test(t)
        ? 'Enter a web address such as https://api.example.com.'
        : 'Enter a full web address starting with https://, such as https://api.example.com.',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return problem(
      'The Base URL must start with https:// (plain http:// is accepted only for this computer: 127.0.0.1, localhost or [::1]).',
    );
  }
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return problem(
      'Use https:// so your key never crosses the network in clear text (http:// is allowed only for this computer: 127.0.0.1, localhost or [::1]).',
    );
  }
  if (url.username || url.password) {
    return problem('Don\u2019t put a user name or password in the Base URL; paste the key into the API key field.');
  }
  if (url.search || url.hash || t.includes('?') || t.includes('#'))
    return problem('Leave out the ? and # parts of the Base URL.');
  const path = url.pathname.replace(/\/+$/, '').replace(API_SUFFIX, '').replace(/\/+$/, '');
  return { ok: true, baseUrl: url.origin + path };
}
