/** Checks of the connection form, before anything is sent to the host (which checks again). */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface ConnectFormValues {
  baseUrl: string;
  apiKey: string;
}

export interface ConnectFormErrors {
  baseUrl?: string;
  apiKey?: string;
}

/**
 * The Base URL as the host wants it: trimmed, no trailing slash, without a pasted "/api/v2" suffix
 * (the app adds the prefix itself). '' stays '' (= the embedded reference service / demo).
 */
export function normalizeBaseUrl(text: string): string {
  let t = text.trim();
  if (!t) return '';
  t = t.replace(/\/+$/, '');
  t = t.replace(/\/api\/v2(\/(graphql|rest(\/.*)?)?)?$/i, '');
  return t.replace(/\/+$/, '');
}

/** null when fine, else one sentence saying what to change. */
export function validateBaseUrl(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  if (/\s/.test(t)) return 'The Base URL cannot contain spaces.';
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return /^[a-z][a-z0-9+.-]*:/i.test(t)
      ? 'Enter a web address such as https://api.example.com.'
      : 'Enter a full web address starting with https://, such as https://api.example.com.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'The Base URL must start with https:// (plain http:// is accepted only for this computer: 127.0.0.1, localhost or [::1]).';
  }
  if (!url.hostname) return 'The Base URL needs a host name, such as api.example.com.';
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return 'Use https:// so your key never crosses the network in clear text (http:// is allowed only for this computer: localhost or 127.0.0.1).';
  }
  if (url.username || url.password) {
    return 'Don\u2019t put a user name or password in the Base URL; paste the key into the API key field.';
  }
  if (url.search || url.hash) return 'Leave out the ? and # parts of the Base URL.';
  return null;
}

export function validateApiKey(key: string, needsKey: boolean): string | null {
  const k = key.trim();
  if (!k) return needsKey ? 'Enter your API key (from the \u201cAPI Keys\u201d section of your profile).' : null;
  if (k.length > 4096) return 'That is too long to be an API key.';
  if (/\s/.test(k)) return 'An API key has no spaces or line breaks; check what was pasted.';
  return null;
}

/**
 * All checks. A key is needed for a Base URL unless one is stored already (then an empty field keeps
 * the stored key).
 */
export function validateConnectForm(values: ConnectFormValues, hasStoredKey: boolean): ConnectFormErrors {
  const errors: ConnectFormErrors = {};
  const urlError = validateBaseUrl(values.baseUrl);
  if (urlError) errors.baseUrl = urlError;
  const keyError = validateApiKey(values.apiKey, values.baseUrl.trim() !== '' && !hasStoredKey);
  if (keyError) errors.apiKey = keyError;
  return errors;
}
