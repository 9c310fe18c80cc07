/**
 * The columns an export adds when prices are shown in another currency: converted figures (rounded as
 * shown: half away from zero, the currency's own decimals) and where their rate comes from. The service
 * columns stay as they were (exact thousandths), so a script reading them by position reads what it did.
 */
import { convertedDecimalString, type MoneyConversion } from '../../../shared/money/money';

/** A converted figure's text, '' when missing (never 0). */
export function convertedField(c: MoneyConversion, v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? '' : convertedDecimalString(v, c);
}

/** "Best ask (CNY)". */
export function convertedLabel(c: MoneyConversion, label: string): string {
  return `${label} (${c.code})`;
}

export function provenanceHead(c: MoneyConversion): string[] {
  return ['Currency', `Rate (${c.code} per ${c.from})`, 'Rate date', 'Rate source'];
}

export function provenanceFields(c: MoneyConversion): string[] {
  return [c.code, String(c.rate), c.date, c.source];
}
