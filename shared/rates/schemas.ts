/**
 * zod schemas of the rates crossing a boundary (types in ./types.ts): the snapshot the host sends the page, the
 * settings request the page sends the host, and the days kept on disk. Bounded, so a bad message is a clear
 * error and never a crash.
 */
import { z } from 'zod';
import type { RateDay, RatesSettingsRequest, RatesSnapshot } from './types';

/** Every day kept: about 255 working days a year, so decades fit. */
export const MAX_KEPT_DAYS = 20_000;
const MAX_CURRENCIES_PER_DAY = 200;

const DateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Code = z.string().regex(/^[A-Z]{3}$/);

export const RateDaySchema = z.object({
  date: DateText,
  perEuro: z
    .record(Code, z.number().positive().finite())
    .refine((r) => Object.keys(r).length <= MAX_CURRENCIES_PER_DAY, 'too many currencies'),
}) satisfies z.ZodType<RateDay>;

export const RatesFetchStateSchema = z.object({
  at: z.number().finite(),
  ok: z.boolean(),
  error: z.string().max(1000).optional(),
});

export const RatesSnapshotSchema = z.object({
  settings: z.object({ enabled: z.boolean(), url: z.string().max(2048), urlFromEnvironment: z.boolean() }),
  days: z.array(RateDaySchema).max(MAX_KEPT_DAYS),
  lastFetch: RatesFetchStateSchema.nullable(),
  nextRefreshAt: z.number().finite().nullable(),
  storageError: z.string().max(1000).optional(),
}) satisfies z.ZodType<RatesSnapshot>;

export const RatesSettingsRequestSchema = z.strictObject({
  enabled: z.boolean().optional(),
  url: z.string().max(2048).optional(),
}) satisfies z.ZodType<RatesSettingsRequest>;
