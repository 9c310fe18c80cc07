/**
 * The alert editor's form as text fields, and its parse into an Alert with a message per field that does not
 * make sense. Nothing typed is lost on a bad value: the draft keeps the text, the errors say what is wrong.
 */
import { parseMoney, toDecimalString } from '../../../../shared/money/money';
import {
  ANY_MARKET,
  AlertSchema,
  DEFAULT_COOLDOWN,
  DEFAULT_HOLD_POLLS,
  DEFAULT_HYSTERESIS_PERCENT,
  HOUR,
  type Alert,
  type AlertKind,
  type Condition,
} from './types';

export interface Draft {
  kind: AlertKind;
  market: string;
  /** ask-below and bid-above thresholds, as typed. */
  askPrice: string;
  bidPrice: string;
  spreadUnit: 'money' | 'percent';
  spreadValue: string;
  changePercent: string;
  windowMs: number;
  direction: 'up' | 'down' | 'either';
  side: 'ask' | 'bid';
  /** "Mark crosses": the line as typed, and which way. */
  markPrice: string;
  markDirection: 'above' | 'below';
  hystUnit: 'percent' | 'amount';
  hystValue: string;
  cooldownMs: number;
  net: boolean;
  silent: boolean;
  requireTrusted: boolean;
  holdPolls: number;
  enabled: boolean;
}

export type DraftField =
  'market' | 'askPrice' | 'bidPrice' | 'spreadValue' | 'changePercent' | 'markPrice' | 'hystValue';
export type DraftErrors = Partial<Record<DraftField, string>>;

/** Thousandths as an input's text: at least 2 decimals, no trailing zeros beyond ("12.5" -> "12.50"). */
export function moneyInput(v: number | null): string {
  if (v === null) return '';
  return toDecimalString(v).replace(/(\.\d\d)0$/, '$1');
}

/** "2.5", "2,5 %", "-3" -> a number with at most 2 decimals; null otherwise. */
export function parsePercentText(text: string): number | null {
  const t = text.trim().replace(/\s*%$/, '').replace(',', '.');
  if (!/^-?\d{1,6}(\.\d{1,2})?$/.test(t)) return null;
  return Number(t);
}

export function newDraft(now: { ask: number | null; bid: number | null }, net: boolean): Draft {
  return {
    kind: 'ask-below',
    market: ANY_MARKET,
    askPrice: moneyInput(now.ask),
    bidPrice: moneyInput(now.bid),
    spreadUnit: 'money',
    spreadValue: '0.00',
    changePercent: '5',
    windowMs: HOUR,
    direction: 'either',
    side: 'ask',
    markPrice: moneyInput(now.ask),
    markDirection: 'below',
    hystUnit: 'percent',
    hystValue: String(DEFAULT_HYSTERESIS_PERCENT),
    cooldownMs: DEFAULT_COOLDOWN,
    net,
    silent: false,
    requireTrusted: true,
    holdPolls: DEFAULT_HOLD_POLLS,
    enabled: true,
  };
}

/** The condition's value is a percentage (its hysteresis amount is then in percentage points). */
export function isPercentKind(d: Pick<Draft, 'kind' | 'spreadUnit'>): boolean {
  return d.kind === 'change' || (d.kind === 'spread-above' && d.spreadUnit === 'percent');
}

export function draftOf(a: Alert, now: { ask: number | null; bid: number | null }): Draft {
  const d = newDraft(now, a.net);
  const c = a.condition;
  const base: Draft = {
    ...d,
    kind: c.kind,
    market: a.market,
    cooldownMs: a.cooldownMs,
    net: a.net,
    silent: a.silentWhenUnstable,
    requireTrusted: a.requireTrusted,
    holdPolls: a.holdPolls,
    enabled: a.enabled,
    hystUnit: a.hysteresis.unit,
    hystValue: '',
  };
  switch (c.kind) {
    case 'ask-below':
      base.askPrice = moneyInput(c.price);
      break;
    case 'bid-above':
      base.bidPrice = moneyInput(c.price);
      break;
    case 'spread-above':
      base.spreadUnit = c.unit;
      base.spreadValue = c.unit === 'money' ? moneyInput(c.value) : String(c.value);
      break;
    case 'change':
      base.changePercent = String(c.percent);
      base.windowMs = c.windowMs;
      base.direction = c.direction;
      base.side = c.side;
      break;
    case 'mark':
      base.markPrice = moneyInput(c.price);
      base.markDirection = c.direction;
      break;
  }
  base.hystValue =
    a.hysteresis.unit === 'amount' && !isPercentKind(base)
      ? moneyInput(a.hysteresis.value)
      : String(a.hysteresis.value);
  return base;
}

const MONEY_EXAMPLE = 'e.g. 12.50';

/** The condition typed in the draft, or the errors of its fields. */
export function parseCondition(d: Draft): { condition: Condition | null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  let condition: Condition | null = null;
  switch (d.kind) {
    case 'ask-below':
    case 'bid-above':
    case 'mark': {
      const field = d.kind === 'ask-below' ? 'askPrice' : d.kind === 'bid-above' ? 'bidPrice' : 'markPrice';
      const text = d[field];
      const v = parseMoney(text);
      if (!text.trim()) errors[field] = `Enter a price, ${MONEY_EXAMPLE}.`;
      else if (v === null)
        errors[field] = `“${text.trim().slice(0, 40)}” is not a price: use digits and a dot, ${MONEY_EXAMPLE}.`;
      else if (v <= 0) errors[field] = 'The price must be above 0.';
      else if (v > 1e12) errors[field] = 'That price is too large.';
      else
        condition =
          d.kind === 'ask-below'
            ? { kind: 'ask-below', price: v }
            : d.kind === 'bid-above'
              ? { kind: 'bid-above', price: v }
              : { kind: 'mark', price: v, direction: d.markDirection };
      break;
    }
    case 'spread-above': {
      const text = d.spreadValue;
      if (d.spreadUnit === 'money') {
        const v = parseMoney(text);
        if (v === null)
          errors.spreadValue = `Enter the margin as an amount, e.g. 0.50 (negative: a gap the spread must close).`;
        else if (Math.abs(v) > 1e12) errors.spreadValue = 'That margin is too large.';
        else condition = { kind: 'spread-above', unit: 'money', value: v };
      } else {
        const v = parsePercentText(text);
        if (v === null) errors.spreadValue = 'Enter the margin in %, e.g. 5 or -2.5 (at most 2 decimals).';
        else if (v < -100 || v > 10_000) errors.spreadValue = 'A spread margin is between -100 % and 10,000 %.';
        else condition = { kind: 'spread-above', unit: 'percent', value: v };
      }
      break;
    }
    case 'change': {
      const v = parsePercentText(d.changePercent);
      if (v === null) errors.changePercent = 'Enter the change in %, e.g. 5 (at most 2 decimals).';
      else if (v <= 0) errors.changePercent = 'The change must be above 0 %.';
      else if (v > 10_000) errors.changePercent = 'A change is at most 10,000 %.';
      else condition = { kind: 'change', percent: v, windowMs: d.windowMs, direction: d.direction, side: d.side };
      break;
    }
  }
  return { condition, errors };
}

export interface ParsedDraft {
  alert: Alert | null;
  errors: DraftErrors;
}

/**
 * The draft as an alert on (game, item), keeping `base`'s id and creation time when editing. `markets`: the
 * market choices offered (ANY_MARKET is always one).
 */
export function parseDraft(
  d: Draft,
  ctx: { id: string; game: number; item: string; createdAt: number; now: number; markets: readonly string[] },
): ParsedDraft {
  const { condition, errors } = parseCondition(d);
  // The mark is the item's, across the user's markets: no one market to choose.
  const market = d.kind === 'mark' ? ANY_MARKET : d.market;
  if (market !== ANY_MARKET && !ctx.markets.includes(market))
    errors.market = 'Choose one of your markets, or any of them.';
  let hysteresis: Alert['hysteresis'] | null = null;
  const ht = d.hystValue.trim();
  if (d.hystUnit === 'percent') {
    const v = parsePercentText(ht);
    if (v === null || v < 0 || v > 50) errors.hystValue = 'Enter a share of the threshold from 0 to 50 %, e.g. 1.';
    else hysteresis = { unit: 'percent', value: v };
  } else if (isPercentKind(d)) {
    const v = parsePercentText(ht);
    if (v === null || v < 0) errors.hystValue = 'Enter percentage points, 0 or more, e.g. 0.5.';
    else hysteresis = { unit: 'amount', value: v };
  } else {
    const v = parseMoney(ht);
    if (v === null || v < 0) errors.hystValue = `Enter an amount, 0 or more, ${MONEY_EXAMPLE}.`;
    else hysteresis = { unit: 'amount', value: v };
  }
  if (!condition || !hysteresis || Object.keys(errors).length > 0) return { alert: null, errors };
  const parsed = AlertSchema.safeParse({
    id: ctx.id,
    game: ctx.game,
    item: ctx.item,
    market,
    condition,
    net: d.net,
    hysteresis,
    cooldownMs: d.cooldownMs,
    silentWhenUnstable: d.silent,
    requireTrusted: d.requireTrusted,
    holdPolls: d.holdPolls,
    enabled: d.enabled,
    createdAt: ctx.createdAt,
    updatedAt: ctx.now,
  });
  if (!parsed.success) return { alert: null, errors: { market: 'This alert cannot be saved as it is.' } };
  return { alert: parsed.data, errors };
}
