/**
 * Tick and tooltip formatters for charts, using the app's money format (Settings: symbol, decimals).
 * Missing values are "—", never 0.
 */
import { useMemo } from 'react';
import { formatMoney, formatPercent, MISSING, type MoneyFormat } from '../../../shared/money/money';
import { useMoneyFormat } from '../../lib/preferences';

export interface ChartFormat {
  /** Tooltip money: the app's format, e.g. "$1,234.57". */
  money(v: number | null): string;
  /** Axis money: short, e.g. "$1.2k", "$12.5", "$0.05". */
  moneyTick(v: number): string;
  count(v: number | null): string;
  /** v in percent units (12.5 -> "12.5%"). */
  percent(v: number | null): string;
}

/** Trims a fixed-point text's trailing zeros ("12.50" -> "12.5", "12.00" -> "12"). */
function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Short axis label for thousandths: ticks are round numbers, so precision beyond 3 digits is noise. */
export function moneyTickText(v: number, symbol: string): string {
  if (!Number.isFinite(v)) return MISSING;
  const units = Math.abs(v) / 1000;
  const sign = v < 0 ? '-' : '';
  let body: string;
  if (units >= 1e9) body = `${trimZeros((units / 1e9).toFixed(2))}B`;
  else if (units >= 1e6) body = `${trimZeros((units / 1e6).toFixed(2))}M`;
  else if (units >= 1e4) body = `${trimZeros((units / 1e3).toFixed(1))}k`;
  else if (units >= 1e3) body = `${trimZeros((units / 1e3).toFixed(2))}k`;
  else if (units >= 1) body = trimZeros(units.toFixed(2));
  else body = trimZeros(units.toFixed(3)) || '0';
  return `${sign}${symbol}${body}`;
}

/** "KWD" -> "KWD " (a code as symbol is set apart from the number), "€" stays. */
function spaced(symbol: string): string {
  return /[A-Za-z]$/.test(symbol) ? `${symbol} ` : symbol;
}

export function countText(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return MISSING;
  return Math.round(v).toLocaleString('en-US');
}

export function chartFormat(fmt: MoneyFormat): ChartFormat {
  return {
    money: (v) => formatMoney(v, fmt),
    // Ticks convert at the same rate as the figures (rate 1 for a series already converted per day).
    moneyTick: (v) =>
      fmt.conversion
        ? moneyTickText(v * fmt.conversion.rate, spaced(fmt.conversion.symbol))
        : moneyTickText(v, fmt.symbol),
    count: countText,
    percent: (v) => formatPercent(v),
  };
}

export function useChartFormat(): ChartFormat {
  const fmt = useMoneyFormat();
  return useMemo(() => chartFormat(fmt), [fmt]);
}
