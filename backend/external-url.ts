/**
 * The one rule for links that leave the app, for both hosts: Electron's shell.openExternal (main/security,
 * main/ipc) and the web host's open-external route (webhost/control-routes).
 */

const MAX_EXTERNAL_URL = 2048;

/** Only plain https links leave the app, never file:, javascript:, custom schemes or embedded credentials. */
export function isSafeExternalUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length > MAX_EXTERNAL_URL) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '' && parsed.hostname !== '';
  } catch {
    return false;
  }
}
