/**
 * What the user reads of a quote's trust (market/trust/types.ts): its age as observed by Market Desk's own
 * polls, its flags (outlier, stalled market), a stalled market's sentence. Pure: the grid's tooltips, the
 * detail panel, the Markets dialog and the status bar all say the same words. Nothing is guessed: a time
 * not observed yet is "age unknown yet".
 */
import { TRUST_FLAG, type MarketStall, type TrustData } from '../../market/trust/types';
import { formatDuration } from '../../lib/duration';

export const AGE_UNKNOWN = 'age unknown yet';

/** What was observed of one ask or bid cell (NaN: not known yet). */
export interface QuoteAge {
  changedAt: number;
  firstSeenAt: number;
  lastQuotedAt: number;
}

const known = (t: number | undefined): t is number => t !== undefined && Number.isFinite(t);

/** The ask cell's observed times; null when trust is not computed yet (or the cell is out of range). */
export function askAge(trust: TrustData | undefined, cell: number): QuoteAge | null {
  if (!trust || cell < 0 || cell >= trust.askChangedAt.length) return null;
  return {
    changedAt: trust.askChangedAt[cell] as number,
    firstSeenAt: trust.askFirstSeenAt[cell] as number,
    lastQuotedAt: trust.askLastQuotedAt[cell] as number,
  };
}

/** The bid cell's: only when it last changed is kept. */
export function bidAge(trust: TrustData | undefined, cell: number): QuoteAge | null {
  if (!trust || cell < 0 || cell >= trust.bidChangedAt.length) return null;
  return { changedAt: trust.bidChangedAt[cell] as number, firstSeenAt: NaN, lastQuotedAt: NaN };
}

/**
 * "unchanged for 3 h 10 min; first seen 2 days ago", "age unknown yet; first seen 20 min ago", or for a
 * market that no longer quotes the item "not quoted now; last quoted 5 h ago". `quoted`: the market lists
 * the item at this poll.
 */
export function quoteAgeText(age: QuoteAge | null, now: number, quoted = true): string {
  if (!age) return AGE_UNKNOWN;
  const parts: string[] = [];
  if (!quoted) {
    parts.push(
      known(age.lastQuotedAt)
        ? `not quoted now; last quoted ${formatDuration(now - age.lastQuotedAt)} ago`
        : 'not quoted now',
    );
    return parts.join('; ');
  }
  parts.push(known(age.changedAt) ? `unchanged for ${formatDuration(now - age.changedAt)}` : AGE_UNKNOWN);
  if (known(age.firstSeenAt)) parts.push(`first seen ${formatDuration(now - age.firstSeenAt)} ago`);
  return parts.join('; ');
}

/** Whether the quote has stood unchanged longer than `oldAfterMs` (an unknown age is never "old"). */
export function isOldQuote(age: QuoteAge | null, now: number, oldAfterMs: number): boolean {
  return age !== null && known(age.changedAt) && now - age.changedAt > oldAfterMs;
}

/** The flag bits' words ("" when none), e.g. "outlier: far above the item's other markets". */
export function flagText(bits: number): string {
  const out: string[] = [];
  if (bits & TRUST_FLAG.outlierHigh) out.push("outlier: far above the item's other markets");
  if (bits & TRUST_FLAG.outlierLow) out.push("outlier: far below the item's other markets");
  if (bits & TRUST_FLAG.stalledMarket) out.push('market stalled');
  return out.join('; ');
}

/**
 * A cell's classes for its flags (each with a leading space): is-flagged, is-outlier-high / is-outlier-low
 * (the stylesheets put a ▲ / ▼ before the value, so the text stays the value), is-stalled.
 */
export function flagClasses(bits: number): string {
  if (!bits) return '';
  let s = ' is-flagged';
  if (bits & TRUST_FLAG.outlierHigh) s += ' is-outlier-high';
  if (bits & TRUST_FLAG.outlierLow) s += ' is-outlier-low';
  if (bits & TRUST_FLAG.stalledMarket) s += ' is-stalled';
  return s;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "14:05" today, "Nov 27, 14:05" on another day ("unknown time" for no real time). */
function sinceText(ms: number, now: number): string {
  const d = new Date(ms);
  if (!Number.isFinite(d.getTime())) return 'an unknown time';
  return new Date(now).toDateString() === d.toDateString() ? timeFormat.format(d) : dateTimeFormat.format(d);
}

/** "stalled since 14:05" */
export function stallShort(s: MarketStall, now: number): string {
  return `stalled since ${sinceText(s.since, now)}`;
}

const pct = (share: number) => `${Math.round(share * 100)} %`;

/** Why it counts as stalled, in full: the test that marked it, with its figures. */
export function stallReason(s: MarketStall): string {
  if (s.reason === 'count-fell')
    return `it quotes ${s.itemCount.toLocaleString('en-US')} items, down from ${s.itemCountBefore.toLocaleString('en-US')} over the last ${s.polls} polls`;
  return `none of its ${s.side === 'bid' ? 'buy orders' : 'asks'} moved over the last ${s.polls} polls (${pct(s.changedShare)} changed) while the other markets' did (${pct(s.othersShare)})`;
}

/** "CS.MONEY asks stalled since 14:05 (12 min): none of its asks moved …" */
export function stallSentence(s: MarketStall, name: string, now: number): string {
  const what = s.side === 'bid' ? 'buy orders' : 'asks';
  return `${name} ${what} ${stallShort(s, now)} (${formatDuration(now - s.since)}): ${stallReason(s)}`;
}

/** The stalls of one side, by market slug. */
export function stallsBySlug(trust: TrustData | undefined, side: 'ask' | 'bid'): ReadonlyMap<string, MarketStall> {
  const m = new Map<string, MarketStall>();
  for (const s of trust?.stalls ?? []) if (s.side === side) m.set(s.market, s);
  return m;
}
