/** History preferences: keep it or not, how many days, and the size cap. */
import { z } from 'zod';
import { definePreference, readPreference } from '../../lib/preferences';
import type { Limits } from './store';

export const RETENTION_CHOICES = [1, 7, 30, 90, 365] as const;

export const HISTORY_PREFS = {
  enabled: definePreference('history.enabled', z.boolean(), true),
  retentionDays: definePreference('history.retentionDays', z.number().int().min(1).max(3650), 30),
  capMb: definePreference('history.capMb', z.number().int().min(10).max(100_000), 500),
};

export function readLimits(): Limits {
  return { retentionDays: readPreference(HISTORY_PREFS.retentionDays), capBytes: readPreference(HISTORY_PREFS.capMb) * 1_000_000 };
}
