/** Checks of the connection form, before anything is sent to the host (which checks again). */

import { checkBaseUrl } from '../../../shared/api/base-url';

export interface ConnectFormValues {
  baseUrl: string;
  apiKey: string;
}

export interface ConnectFormErrors {
  baseUrl?: string;
  apiKey?: string;
}

/** null when fine, else one sentence saying what to change (the rules: shared/api/base-url.ts). */
export function validateBaseUrl(text: string): string | null {
  const checked = checkBaseUrl(text);
  return checked.ok ? null : checked.problem;
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
