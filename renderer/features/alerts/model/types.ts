/**
 * Alerts, their per-alert evaluation state and the history of firings: types and zod schemas. Everything
 * read back from IndexedDB goes through these schemas (a record that does not pass is left out, never
 * trusted); everything written was built from them.
 *
 * Units: money is integer thousandths (as everywhere); percentages are plain numbers (2.5 = 2.5 %).
 */
import { z } from 'zod';
import { isGameId } from '../../../../shared/catalog/games';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** "Any of my markets": the best price across the markets the user loads for the game. */
export const ANY_MARKET = 'any';

export type AlertKind = 'ask-below' | 'bid-above' | 'spread-above' | 'change' | 'mark';

/** Windows offered for "a change of more than N % within …". */
export const CHANGE_WINDOWS = [15 * MINUTE, HOUR, 4 * HOUR, DAY] as const;
/** Cool-downs offered (minimum time between two firings of one alert). */
export const COOLDOWNS = [0, MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 4 * HOUR, DAY] as const;
export const DEFAULT_COOLDOWN = 15 * MINUTE;
/** Default hysteresis: the value must move back 1 % of the threshold past it before the alert re-arms. */
export const DEFAULT_HYSTERESIS_PERCENT = 1;

/** Polls in a row the condition must hold before the alert fires (a one-poll blip is noise). */
export const DEFAULT_HOLD_POLLS = 2;
export const HOLD_POLLS = [1, 2, 3, 5, 10] as const;
const MAX_HOLD_POLLS = 10;

/** Firings kept (oldest dropped first). */
export const MAX_FIRINGS = 1000;
/** Alerts one can have (a guard, not a plan). */
export const MAX_ALERTS = 500;
/** Change points kept per alert for its change window. */
export const MAX_WINDOW_POINTS = 2000;

const ID = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const Game = z.number().refine(isGameId, 'not a known game');
const ItemName = z.string().min(1).max(500);
const Slug = z.string().regex(/^[A-Za-z0-9][\w.:-]{0,63}$/);
/** Thousandths, within what a price can sensibly be (1e12 = a billion units). */
const Money = z.number().int().min(-1e12).max(1e12);
const Percent = z.number().finite().min(-1e6).max(1e6);
const Time = z.number().int().min(0).max(8.64e15);

const ConditionSchema = z.discriminatedUnion('kind', [
  /** The ask (lowest listing) falls below `price`. */
  z.object({ kind: z.literal('ask-below'), price: Money.positive() }),
  /** The bid (highest buy order) rises above `price`. */
  z.object({ kind: z.literal('bid-above'), price: Money.nonnegative() }),
  /** The spread, bid − ask as the grid shows it, rises above `value` (thousandths, or % of the ask). */
  z.object({
    kind: z.literal('spread-above'),
    unit: z.enum(['money', 'percent']),
    value: z.number().finite().min(-1e12).max(1e12),
  }),
  /** The price (ask or bid) moves more than `percent` within `windowMs`, up, down or either. */
  z.object({
    kind: z.literal('change'),
    percent: Percent.positive(),
    windowMs: z
      .number()
      .int()
      .min(MINUTE)
      .max(7 * DAY),
    direction: z.enum(['up', 'down', 'either']),
    side: z.enum(['ask', 'bid']),
  }),
  /** The item's mark price (market/trust/mark.ts: robust, from trusted quotes) crosses `price`, up or down. */
  z.object({ kind: z.literal('mark'), price: Money.positive(), direction: z.enum(['above', 'below']) }),
]);
export type Condition = z.infer<typeof ConditionSchema>;

/**
 * How far the value must move back past the threshold before the alert can fire again: a share of the
 * threshold (`percent`), or an amount in the condition's own unit (thousandths for money, percentage
 * points for a percent).
 */
const HysteresisSchema = z.discriminatedUnion('unit', [
  z.object({ unit: z.literal('percent'), value: z.number().finite().min(0).max(100) }),
  z.object({ unit: z.literal('amount'), value: z.number().finite().min(0).max(1e12) }),
]);

export const AlertSchema = z.object({
  id: ID,
  game: Game,
  item: ItemName,
  /** A market slug, or ANY_MARKET. */
  market: Slug,
  condition: ConditionSchema,
  /** Prices net of the user's fees (asks plus the buyer fee, bids minus the seller fee), as the grid's switch. */
  net: z.boolean(),
  hysteresis: HysteresisSchema,
  cooldownMs: z
    .number()
    .int()
    .min(0)
    .max(7 * DAY),
  /** No notification while the recommendations flag the item unstable (the firing is still listed, marked). */
  silentWhenUnstable: z.boolean(),
  /** Only a trusted quote fires it: quotes flagged as outliers or from a stalled market are left out (market/trust). */
  requireTrusted: z.boolean(),
  /** Polls in a row the condition must hold before it fires. */
  holdPolls: z.number().int().min(1).max(MAX_HOLD_POLLS),
  enabled: z.boolean(),
  createdAt: Time,
  updatedAt: Time,
});
export type Alert = z.infer<typeof AlertSchema>;

/** [time, price] change points of an alert's price, for its change window. */
const WindowPoint = z.tuple([Time, z.number().finite()]);

export const AlertStateSchema = z.object({
  id: ID,
  /** The data source the values below came from (useDataSource().sourceKey); another source starts afresh. */
  source: z.string().max(2100).nullable(),
  /**
   * true: the next crossing fires. false: fired (or was already past the line when first seen); re-arms
   * once the value is back past the threshold by the hysteresis band. null: nothing observed yet.
   */
  armed: z.boolean().nullable(),
  lastFiredAt: Time.nullable(),
  /** The alert's value at the last check (price, spread or change %), null when there was none. */
  lastValue: z.number().finite().nullable(),
  /** The price behind it and the market it was on (for "any"), for display. */
  lastPrice: z.number().finite().nullable(),
  lastMarket: z.string().max(140).nullable(),
  /** Why there was no value: the item is not in the latest prices, the market is not loaded, no price, or only untrusted quotes. */
  missing: z.enum(['item', 'market', 'price', 'untrusted']).nullable(),
  /** Polls in a row the value has been past the line (for holdPolls). */
  held: z.number().int().min(0).max(1e9),
  lastAt: Time.nullable(),
  window: z.array(WindowPoint).max(MAX_WINDOW_POINTS),
});
export type AlertState = z.infer<typeof AlertStateSchema>;

const FiringSchema = z.object({
  /** A price alert's firing (a record written before version 3 gets this in the upgrade). */
  type: z.literal('price'),
  id: ID,
  alertId: ID,
  at: Time,
  game: Game,
  item: ItemName,
  /** The alert's market choice (slug or ANY_MARKET) and the market the price was on. */
  market: Slug,
  via: z.string().max(140).nullable(),
  condition: ConditionSchema,
  net: z.boolean(),
  /** The alert's value when it fired (price, spread or change %), and the price behind it. */
  value: z.number().finite(),
  price: z.number().finite().nullable(),
  /**
   * The quote that fired it: its market (null: the mark, which is no one market's), price and when it last
   * changed as Market Desk observed it (null: not known yet). null for firings recorded before this was kept.
   */
  quote: z
    .object({
      market: z.string().max(140).nullable(),
      price: z.number().finite().nullable(),
      changedAt: z.number().finite().nullable(),
    })
    .nullable(),
  /** The recommendations' unstable reasons at that moment; null when they could not be known. */
  unstable: z.array(z.string().max(64)).max(16).nullable(),
  /** Not notified because the item was flagged unstable and the alert stays silent then. */
  silenced: z.boolean(),
  /** What happened to the desktop notification. */
  notified: z.enum(['shown', 'not-shown', 'silenced']),
  /** Why it was not shown (notifications off, refused by the system…). */
  note: z.string().max(300).nullable(),
});
export type Firing = z.infer<typeof FiringSchema>;

/**
 * A scanner rule's firing (market/scanner/route-alerts.ts): the route found `polls` polls in a row, as it was
 * then. Money in thousandths, ROI a fraction. `alertId` is the rule's id.
 */
const RouteFiringRecordSchema = z.object({
  type: z.literal('route'),
  id: ID,
  alertId: ID,
  at: Time,
  game: Game,
  item: ItemName,
  route: z.object({
    ruleName: z.string().max(200),
    buyMarket: Slug,
    buyPrice: z.number().finite(),
    sellMarket: Slug,
    sellPrice: z.number().finite(),
    profit: z.number().finite(),
    roi: z.number().nullable(),
    polls: z.number().int().min(1).max(1e9),
    since: Time,
  }),
  silenced: z.literal(false),
  notified: z.enum(['shown', 'not-shown']),
  note: z.string().max(300).nullable(),
});
export type RouteFiringRecord = z.infer<typeof RouteFiringRecordSchema>;

/** What the alerts' history keeps: a price alert's firing or a scanner rule's. */
export const AnyFiringSchema = z.discriminatedUnion('type', [FiringSchema, RouteFiringRecordSchema]);
export type AnyFiring = z.infer<typeof AnyFiringSchema>;

export function freshState(id: string, source: string | null): AlertState {
  return {
    id,
    source,
    armed: null,
    lastFiredAt: null,
    lastValue: null,
    lastPrice: null,
    lastMarket: null,
    missing: null,
    lastAt: null,
    window: [],
    held: 0,
  };
}

/** A random id for an alert or a firing. */
export function newId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
