/**
 * Who to read: a SteamID64, a profile link (…/profiles/<SteamID64>) or a custom link (…/id/<name>), resolved
 * through the keyless XML form <steam>/id/<name>/?xml=1 (<steamID64>…, or "The specified profile could not be
 * found."), as public tools do: Valve documents only the keyed ISteamUser/ResolveVanityURL
 * (https://partner.steamgames.com/doc/webapi/ISteamUser#ResolveVanityURL) and the app holds no Steam Web API key.
 * The trailing slash is Steam's canonical profile address, so no redirect is needed.
 */

export type ProfileRef = { kind: 'id'; steamId: string } | { kind: 'vanity'; name: string };

/** Individual accounts: universe 1, type 1, instance 1 → 7656119…, 17 digits. */
const STEAM_ID64 = /^7656119\d{10}$/;
/** Steam's custom URL names: letters, digits, _ and -, 2 to 32 long. */
const VANITY = /^[A-Za-z0-9_-]{2,32}$/;

const STEAM_HOSTS = new Set(['steamcommunity.com', 'www.steamcommunity.com']);

/**
 * The profile a text names, or a sentence saying why it names none. Links to steamcommunity.com and to the
 * configured Steam address (a stand-in) are accepted; links elsewhere are not.
 */
export function parseProfile(input: string, steamUrl: string): ProfileRef | { error: string } {
  const text = input.trim();
  if (text === '') return { error: 'Enter a Steam profile link or a SteamID64.' };
  if (STEAM_ID64.test(text)) return { kind: 'id', steamId: text };
  if (/^\d+$/.test(text)) return { error: `"${short(text)}" is not a SteamID64 (17 digits starting with 7656119).` };
  const looksLikeLink = /^[a-z]+:\/\//i.test(text) || /^(www\.)?steamcommunity\.com\//i.test(text);
  if (!looksLikeLink) {
    if (VANITY.test(text)) return { kind: 'vanity', name: text };
    return { error: `"${short(text)}" is not a Steam profile link, a custom profile name or a SteamID64.` };
  }
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { error: `"${short(text)}" is not a link.` };
  }
  const configured = new URL(steamUrl);
  const sameAsConfigured = url.host === configured.host;
  if (!STEAM_HOSTS.has(url.hostname.toLowerCase()) && !sameAsConfigured) {
    return { error: `"${short(text)}" is not a steamcommunity.com link.` };
  }
  const m = /^\/(profiles|id)\/([^/?#]+)\/?/i.exec(url.pathname);
  if (!m)
    return { error: 'A profile link looks like steamcommunity.com/profiles/7656119… or steamcommunity.com/id/<name>.' };
  const value = decodeURIComponent(m[2]!);
  if (m[1]!.toLowerCase() === 'profiles') {
    return STEAM_ID64.test(value)
      ? { kind: 'id', steamId: value }
      : { error: `"${short(value)}" in the link is not a SteamID64.` };
  }
  return VANITY.test(value)
    ? { kind: 'vanity', name: value }
    : { error: `"${short(value)}" is not a Steam custom profile name.` };
}

/** What the XML profile page says: the SteamID64, Steam's own error sentence, or nothing readable. */
export function readProfileXml(xml: string): { steamId: string } | { notFound: string } | { unreadable: true } {
  const id = /<steamID64>\s*(?:<!\[CDATA\[)?\s*(\d{17})\s*(?:\]\]>)?\s*<\/steamID64>/.exec(xml);
  if (id && STEAM_ID64.test(id[1]!)) return { steamId: id[1]! };
  const error = /<error>\s*(?:<!\[CDATA\[)?([\s\S]*?)(?:\]\]>)?\s*<\/error>/.exec(xml);
  if (error) return { notFound: error[1]!.trim().slice(0, 200) || 'The specified profile could not be found.' };
  return { unreadable: true };
}

function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
