/**
 * A chart's data as its CSV writes it when prices are shown in another currency: the money columns keep
 * the service currency's exact thousandths, and the converted figures (at the current rate, rounded as
 * shown) follow with the currency, the rate and its date. A chart that converted its points by day
 * (its money columns marked `unconverted`, with its own rate columns) is left as it is.
 */
import type { MoneyConversion } from '../../../../shared/money/money';
import {
  convertedField,
  convertedLabel,
  provenanceFields,
  provenanceHead,
} from '../../../market/currency/export-columns';
import type { ChartColumn, ChartData } from '../types';

export function withDisplayCurrency(data: ChartData, c: MoneyConversion | null | undefined): ChartData {
  if (!c) return data;
  const money = data.columns.filter((col) => col.kind === 'money' && !col.unconverted);
  if (money.length === 0) return data;
  const head = provenanceHead(c);
  const fields = provenanceFields(c);
  const columns: ChartColumn[] = [
    ...data.columns,
    ...money.map((col) => ({
      key: `${col.key}@${c.code}`,
      label: convertedLabel(c, col.label),
      kind: 'text' as const,
    })),
    ...head.map((label, i) => ({ key: `@rate${i}`, label, kind: 'text' as const })),
  ];
  const rows = data.rows.map((row) => {
    const out: Record<string, string | number | null> = { ...row };
    for (const col of money) {
      const v = row[col.key];
      out[`${col.key}@${c.code}`] = typeof v === 'number' && Number.isFinite(v) ? convertedField(c, v) : null;
    }
    fields.forEach((f, i) => (out[`@rate${i}`] = f));
    return out;
  });
  return { columns, rows };
}
