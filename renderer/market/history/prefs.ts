/** History preferences: keep it or not, how many days, and the size cap. */
import { z } from 'zod';
import { definePreference, readPreference } from '../../lib/preferences';
import { DAY, HOUR } from './chunk-codec';
import type { Limits } from './store';
import { CONSOLIDATE_AFTER, DAILY_AFTER } from './tiers';

export const RETENTION_CHOICES = [1, 7, 30, 90, 365] as const;

export const HISTORY_PREFS = {
  enabled: definePreference('history.enabled', z.boolean(), true),
  retentionDays: definePreference('history.retentionDays', z.number().int().min(1).max(3650), 30),
  capMb: definePreference('history.capMb', z.number().int().min(10).max(100_000), 500),
  /** Hours every market of every item stays at poll resolution (then daily by default, or hourly first: tiers.ts); followed items always. */
  fullHours: definePreference(
    'history.fullResolutionHours',
    z.number().int().min(6).max(720),
    CONSOLIDATE_AFTER / HOUR,
  ),
  /** Days after which those per-market series go from hourly to daily (tiers.ts, DAILY_AFTER). */
  dailyAfterDays: definePreference('history.dailyAfterDays', z.number().int().min(1).max(3650), DAILY_AFTER / DAY),
};

/** The choices Settings offers for dailyAfterDays (2: daily right after the full-resolution time). */
export const DAILY_AFTER_CHOICES = [2, 3, 7, 14] as const;

/** The choices Settings offers for fullHours. */
export const FULL_HOURS_CHOICES = [6, 24, 48] as const;

export function readLimits(): Limits {
  return {
    retentionDays: readPreference(HISTORY_PREFS.retentionDays),
    capBytes: readPreference(HISTORY_PREFS.capMb) * 1_000_000,
    fullResolutionMs: readPreference(HISTORY_PREFS.fullHours) * 3_600_000,
    dailyAfterMs: readPreference(HISTORY_PREFS.dailyAfterDays) * 86_400_000,
  };
}
