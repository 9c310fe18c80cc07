/**
 * The end of a trade lock, as Steam tells the owner in an item's `owner_descriptions` (with `?l=english`):
 * "Tradable/Marketable After Nov 25, 2025 (8:00:00) GMT", "Tradable After …", or CS2's trade protection
 * ("… cannot be consumed, modified, or transferred until Nov 30, 2026 (7:00:00) GMT"). The wording is
 * Steam's, not documented by Valve; LOCK_PREFIXES lists the sentences and the public clients that match them.
 * Other locales write the day first ("3 Feb, 2099 (18:00:00) GMT") or leave out the year ("5 Aug @ 5:00am");
 * both are read too.
 */

/**
 * The lock sentences:
 *   "Tradable/Marketable After Nov 25, 2025 (8:00:00) GMT"   (CS2, items bought on the market or traded)
 *   "Tradable After Oct 01, 2026 (7:00:00) GMT"
 *   "This item is trade-protected and cannot be consumed, modified, or transferred until Nov 30, 2026 (7:00:00) GMT"
 *                                                              (CS2 trade protection, inventory context 16, 2025)
 * What public clients match on: DoctorMcKay/node-steamcommunity's CEconItem (the "Tradable/Marketable After "
 * prefix, read into cache_expiration), aiosteampy's trade-hold patch (both sentences above), and the
 * trade-protection notes in juliarose/steam-tradeoffer-manager#5 and somespecialone/aiosteampy#95.
 */
const LOCK_PREFIXES = [
  /^\s*Tradable\/Marketable After\s+(.+)$/i,
  /^\s*Tradable After\s+(.+)$/i,
  /^\s*Marketable After\s+(.+)$/i,
  /trade-protected and cannot be consumed, modified, or transferred until\s+(.+)$/i,
];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Strips the HTML Steam sometimes wraps a description in. */
function plain(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The time (ms, UTC) a lock sentence names, or null when the text is not one. Without a year, the next such
 * day on or after `now` is meant.
 */
export function readLockSentence(text: string, now: number): number | null {
  const t = plain(text);
  for (const prefix of LOCK_PREFIXES) {
    const m = prefix.exec(t);
    if (m?.[1]) return readSteamDate(m[1], now);
  }
  return null;
}

/** "Nov 25, 2025 (8:00:00) GMT", "3 Feb, 2099 (18:00:00) GMT", "5 Aug @ 5:00am" → ms UTC. */
function readSteamDate(text: string, now: number): number | null {
  let t = text.replace(/[(),@]/g, ' ');
  let hour = 0;
  let minute = 0;
  let second = 0;
  const time = /(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?/i.exec(t);
  if (time) {
    hour = Number(time[1]);
    minute = Number(time[2]);
    second = Number(time[3] ?? '0');
    const half = time[4]?.toLowerCase();
    if (half === 'pm' && hour < 12) hour += 12;
    if (half === 'am' && hour === 12) hour = 0;
    t = t.replace(time[0], ' ');
  }
  const month = /\b([a-z]{3})[a-z]*\.?/i.exec(t.replace(/\bGMT\b|\bUTC\b/gi, ' '));
  const monthIndex = month ? MONTHS.indexOf(month[1]!.toLowerCase()) : -1;
  if (monthIndex < 0) return null;
  const year = /\b(\d{4})\b/.exec(t);
  const day = /\b(\d{1,2})\b/.exec(t.replace(/\b\d{4}\b/, ' '));
  if (!day) return null;
  const d = Number(day[1]);
  if (d < 1 || d > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const at = (y: number): number => Date.UTC(y, monthIndex, d, hour, minute, second);
  if (year) {
    const ms = at(Number(year[1]));
    return new Date(ms).getUTCDate() === d ? ms : null;
  }
  const thisYear = new Date(now).getUTCFullYear();
  // A lock lasts days, so a day without a year is this year's, or next year's when that one has passed.
  const ms = at(thisYear) < now - 86_400_000 ? at(thisYear + 1) : at(thisYear);
  return new Date(ms).getUTCDate() === d ? ms : null;
}
