/** Alerts in words, for the list, the history, the editor and the notification text. Formatting only here. */
import { formatMoney, formatPercent, type MoneyFormat } from '../../../../shared/money/money';
import { ageText } from '../../../market/trust/age-text';
import { lineOf, rearmLevel } from './evaluate';
import { ANY_MARKET, DAY, HOUR, MINUTE, type Alert, type Condition, type Firing } from './types';

export function durationText(ms: number): string {
  if (ms === 0) return 'none';
  if (ms % DAY === 0) return `${ms / DAY} d`;
  if (ms % HOUR === 0) return `${ms / HOUR} h`;
  if (ms % MINUTE === 0) return `${ms / MINUTE} min`;
  return `${Math.round(ms / 1000)} s`;
}

/** A percentage as typed: up to 2 decimals, no trailing zeros ("2.5 %"). */
function percentText(p: number): string {
  return `${Number(p.toFixed(2))}%`;
}

/** The condition's value in its unit (money or %). */
export function valueText(c: Condition, v: number | null, money: MoneyFormat): string {
  if (v === null) return formatMoney(null, money);
  if (c.kind === 'change' || (c.kind === 'spread-above' && c.unit === 'percent')) return formatPercent(v, 2);
  return formatMoney(v, money);
}

/** "Ask below $10.00", "Spread above 5%", "Ask up more than 5% within 1 h". */
export function conditionText(c: Condition, net: boolean, money: MoneyFormat): string {
  const n = net ? 'Net ' : '';
  switch (c.kind) {
    case 'ask-below':
      return `${n}${net ? 'ask' : 'Ask'} below ${formatMoney(c.price, money)}`;
    case 'bid-above':
      return `${n}${net ? 'bid' : 'Bid'} above ${formatMoney(c.price, money)}`;
    case 'spread-above':
      return `${n}${net ? 'spread' : 'Spread'} above ${c.unit === 'money' ? formatMoney(c.value, money) : percentText(c.value)}`;
    case 'change': {
      const side = `${n}${net ? c.side : c.side === 'ask' ? 'Ask' : 'Bid'}`;
      const how = c.direction === 'up' ? 'up' : c.direction === 'down' ? 'down' : 'moves';
      return `${side} ${how} more than ${percentText(c.percent)} within ${durationText(c.windowMs)}`;
    }
    case 'mark':
      return `${n}${net ? 'mark' : 'Mark'} crosses ${c.direction} ${formatMoney(c.price, money)}`;
  }
}

/**
 * Which quote fired it and how long it had stood, for the history: "Buff163 at $9.50, unchanged for 12 min",
 * "… age unknown yet" (too few polls to know), "the mark at $9.70". null: recorded before quotes were kept.
 */
export function firingQuoteText(
  f: Pick<Firing, 'at' | 'quote' | 'condition'>,
  nameOf: (slug: string) => string,
  money: MoneyFormat,
): string | null {
  const q = f.quote;
  if (!q) return null;
  const price = formatMoney(q.price, money);
  if (q.market === null) return `the mark at ${price}`;
  const where = q.market.split('→').map(nameOf).join(' → ');
  const age = q.changedAt === null ? 'age unknown yet' : `unchanged for ${ageText(f.at - q.changedAt)}`;
  return `${where} at ${price}, ${age}`;
}

export function marketText(market: string, nameOf: (slug: string) => string): string {
  return market === ANY_MARKET ? 'any of my markets' : nameOf(market);
}

/** "Ask below $10.00 on any of my markets": the alert as the editor's note after a save names it. */
export function describeAlert(a: Alert, nameOf: (slug: string) => string, money: MoneyFormat): string {
  return `${conditionText(a.condition, a.net, money)} on ${marketText(a.market, nameOf)}`;
}

/** "the ask is back at or above $10.10". */
export function rearmText(alert: Pick<Alert, 'condition' | 'hysteresis'>, money: MoneyFormat): string {
  const c = alert.condition;
  const level = rearmLevel(alert);
  const what =
    c.kind === 'ask-below'
      ? 'the ask'
      : c.kind === 'bid-above'
        ? 'the bid'
        : c.kind === 'spread-above'
          ? 'the spread'
          : c.kind === 'mark'
            ? 'the mark'
            : 'the change';
  const where = lineOf(c).fires === 'below' ? 'at or above' : 'at or below';
  return `${what} is back ${where} ${valueText(c, level, money)}`;
}
