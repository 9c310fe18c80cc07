/**
 * zod schemas of what crosses a process or network boundary in a Steam inventory fetch (shared/steam/inventory.ts
 * has the types): the request main and the web host accept, the progress events and the result the renderer
 * reads back. Bounded everywhere: a bad or huge message becomes a clear failure, never a crash.
 */
import { z } from 'zod';
import type { SteamInventoryProgress, SteamInventoryRequest, SteamInventoryResult } from './inventory';

export const MAX_FETCHED_ASSETS = 200_000;

export const SteamInventoryRequestSchema = z.object({
  profile: z.string().trim().min(1).max(300),
  appId: z.number().int().positive().max(10_000_000),
}) satisfies z.ZodType<SteamInventoryRequest>;

export const SteamInventoryProgressSchema = z.object({
  stage: z.enum(['resolving', 'page', 'waiting']),
  context: z.string().max(20),
  pages: z.number().int().nonnegative(),
  assets: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
  waitMs: z.number().nonnegative().nullable(),
}) satisfies z.ZodType<SteamInventoryProgress>;

const Id = z.string().regex(/^\d{1,20}$/);

const AssetSchema = z.object({ assetid: Id, classid: Id, instanceid: Id, amount: Id, contextid: Id });
const DescriptionSchema = z.object({
  classid: Id,
  instanceid: Id,
  market_hash_name: z.string().max(500),
  tradable: z.number().int(),
  marketable: z.number().int(),
  owner_descriptions: z
    .array(z.object({ value: z.string().max(10_000) }))
    .max(100)
    .optional(),
  cache_expiration: z.string().max(100).optional(),
});

export const SteamInventoryResultSchema = z.union([
  z.object({
    ok: z.literal(true),
    steamId: z.string().regex(/^\d{17}$/),
    inventory: z.object({
      assets: z.array(AssetSchema).max(MAX_FETCHED_ASSETS),
      descriptions: z.array(DescriptionSchema).max(MAX_FETCHED_ASSETS),
      total_inventory_count: z.number().int().nonnegative(),
    }),
    fetchedAt: z.number(),
    notes: z.array(z.string().max(500)).max(10).optional(),
  }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(['private', 'not-found', 'rate-limited', 'network', 'bad-data', 'cancelled', 'bad-profile']),
    message: z.string().max(1000),
  }),
]) satisfies z.ZodType<SteamInventoryResult>;

/** A result read from across a boundary; anything unreadable becomes a 'bad-data' failure with a sentence. */
export function toSteamInventoryResult(value: unknown): SteamInventoryResult {
  const parsed = SteamInventoryResultSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  return { ok: false, reason: 'bad-data', message: 'The answer about the Steam inventory could not be read.' };
}
