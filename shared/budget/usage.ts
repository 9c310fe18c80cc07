/**
 * What the back end tells the renderer about the requests it sent to the service in use: counts over the
 * last minute, today (since local midnight) and the last 30 days, the 429s and how long they were waited
 * out, and the limits the service stated in its headers. Crosses the preload bridge and the web host's
 * JSON, so it has a zod schema.
 */
import { z } from 'zod';

const Count = z.number().int().nonnegative();

export const StatedLimitSchema = z.object({
  name: z.string().max(64),
  quota: z.number().int().positive(),
  windowSeconds: z.number().int().positive().nullable(),
  remaining: Count.nullable(),
  resetAt: z.number().nullable(),
});

export const RequestUsageSchema = z.object({
  /** The service counted: its origin, '' for the built-in reference service. */
  origin: z.string().max(2048),
  lastMinute: Count,
  today: Count,
  last30Days: Count,
  /** Answers 429 (rate limited) today and in the last 30 days. */
  rateLimitedToday: Count,
  rateLimited30Days: Count,
  /** Time spent waiting out 429s in the last 30 days (ms). */
  waitedMs30Days: Count,
  /** The limits the service's last answer stated (limit-headers.ts); empty when it says none. */
  stated: z.array(StatedLimitSchema).max(16),
  /** When those were read (ms since epoch), null when never. */
  statedAt: z.number().nullable(),
  /** The counts could not be saved (the reason, for the user); null when they were. */
  problem: z.string().max(500).nullable(),
});
export type RequestUsage = z.infer<typeof RequestUsageSchema>;
