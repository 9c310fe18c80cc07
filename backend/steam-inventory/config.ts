/**
 * Where the Steam fetcher goes: https://steamcommunity.com, or what MDS_STEAM_URL (or the command-line switch
 * --steam-url=<url>) says, so tests and demos can run against a local stand-in (backend/testing/steam-standin.ts).
 * Plain http is allowed for this computer only (127.0.0.1, ::1, localhost): anywhere else a profile's
 * inventory goes over TLS.
 */
import { checkFetchAddress } from '../fetch-address';

export const DEFAULT_STEAM_URL = 'https://steamcommunity.com';
const STEAM_URL_ENV = 'MDS_STEAM_URL';
const STEAM_URL_SWITCH = '--steam-url';

export type SteamUrlChoice =
  { ok: true; url: string; source: 'default' | 'env' | 'switch' } | { ok: false; message: string };

/** A Steam address as the fetcher uses it (origin + path, no trailing slash), or why it is refused. */
export function checkSteamUrl(text: string): { ok: true; url: string } | { ok: false; message: string } {
  return checkFetchAddress(text, 'Steam address');
}

/** The Steam address from the command line (--steam-url=<url> or --steam-url <url>), then MDS_STEAM_URL, then the default. */
export function steamUrlFrom(
  env: Readonly<Record<string, string | undefined>>,
  argv: readonly string[] = [],
): SteamUrlChoice {
  let fromSwitch: string | undefined;
  argv.forEach((arg, i) => {
    if (arg.startsWith(`${STEAM_URL_SWITCH}=`)) fromSwitch = arg.slice(STEAM_URL_SWITCH.length + 1);
    else if (arg === STEAM_URL_SWITCH && argv[i + 1] !== undefined) fromSwitch = argv[i + 1];
  });
  const given = fromSwitch ?? env[STEAM_URL_ENV];
  if (given === undefined || given.trim() === '') return { ok: true, url: DEFAULT_STEAM_URL, source: 'default' };
  const checked = checkSteamUrl(given);
  if (!checked.ok) return checked;
  return { ok: true, url: checked.url, source: fromSwitch !== undefined ? 'switch' : 'env' };
}
