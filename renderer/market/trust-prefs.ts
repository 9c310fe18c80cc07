/**
 * The trust preferences (localStorage through lib/preferences, zod-checked on every read): which quotes
 * the best ask and bid are taken from, whether stalled markets' quotes count, and when a quote counts as old
 * (and whether old quotes are dimmed in the grid). See market/trust/types.ts for what is computed.
 */
import { z } from 'zod';
import { definePreference, readPreference } from '../lib/preferences';
import type { QuoteChoice } from './trust/types';

/** The thresholds offered for "old", in minutes (the Settings choice). */
export const OLD_AFTER_CHOICES = [30, 60, 180, 360, 720, 1440, 4320, 10080] as const;
export type OldAfterMinutes = (typeof OLD_AFTER_CHOICES)[number];

export const TRUST_PREFS = {
  /** Best ask and bid from trusted quotes only (default) or from all of them. */
  quotes: definePreference<QuoteChoice>('trust.quotes', z.enum(['trusted', 'all']), 'trusted'),
  /** Count the quotes of markets that look stalled in the bests (off: they are left out). */
  includeStalled: definePreference<boolean>('trust.includeStalled', z.boolean(), false),
  /** A quote unchanged for longer than this counts as old (confidence, and the dimming below). */
  oldAfterMinutes: definePreference<OldAfterMinutes>(
    'trust.oldAfterMinutes',
    z.custom<OldAfterMinutes>((v) => (OLD_AFTER_CHOICES as readonly unknown[]).includes(v)),
    1440,
  ),
  /** Dim old quotes in the grid (off by default: a quiet signal the user asks for). */
  dimOld: definePreference<boolean>('trust.dimOld', z.boolean(), false),
} as const;

/** "30 min", "6 h", "3 days". */
export function oldAfterLabel(min: number): string {
  if (min < 60) return `${min} min`;
  if (min < 1440) return `${min / 60} h`;
  const d = min / 1440;
  return d === 1 ? '1 day' : `${d} days`;
}

/** The bests' settings as the worker's derive settings carry them (outside React). */
export function readQuoteSettings(): { quotes: QuoteChoice; includeStalled: boolean } {
  return { quotes: readPreference(TRUST_PREFS.quotes), includeStalled: readPreference(TRUST_PREFS.includeStalled) };
}
