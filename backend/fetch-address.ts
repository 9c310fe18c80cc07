/**
 * An address the back end fetches public files from (Steam, the exchange rates): https, or plain http for this
 * computer only (127.0.0.1, ::1, localhost: local stand-ins and mirrors); no user, query or fragment.
 */
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** The address as origin + path without a trailing slash, or why it is refused (`what`: "Steam address", …). */
export function checkFetchAddress(
  text: string,
  what: string,
): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, message: `The ${what} "${text}" is not a URL.` };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    return { ok: false, message: `The ${what} "${text}" must be https (plain http only on 127.0.0.1 or localhost).` };
  }
  if (url.username || url.password || url.search || url.hash) {
    return { ok: false, message: `The ${what} "${text}" must not carry a user, a query or a fragment.` };
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}
