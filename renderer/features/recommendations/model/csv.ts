/**
 * CSV of the list as shown (its filters and order): every column with exact decimals (money is the
 * thousandths' exact decimal text, a Float difference keeps its fraction), missing values empty, never 0;
 * the deal figures with their working (price, fee, after fee) so a reader can redo the sum.
 * Built in chunks of rows so the UI can yield between them on a 37k-row export.
 */
import { CSV_EOL, csvText } from '../../../../shared/csv/csv';
import { toDecimalString, type MoneyConversion } from '../../../../shared/money/money';
import {
  convertedField,
  convertedLabel,
  provenanceFields,
  provenanceHead,
} from '../../../market/currency/export-columns';
import type { Snapshot } from '../../../market/model/snapshot';
import type { Derived } from '../../../market/model/derived-columns';
import { dealWorking, type RecJoin } from '../../../market/recommendations/join';
import { reasonCodes, type RecColumns } from '../../../market/recommendations/rec-columns';

/** Exact decimal text of a thousandths amount that may have a fraction (-301.5 -> "-0.3015"). */
export function exactDecimal(v: number): string {
  if (!Number.isFinite(v)) return '';
  if (Number.isInteger(v)) return toDecimalString(v);
  // Shift the decimal point of the number's own shortest text three places left: no float division.
  const text = Math.abs(v).toString();
  if (/e/i.test(text)) return String(v / 1000);
  const [int = '0', frac = ''] = text.split('.');
  const padded = int.padStart(4, '0');
  const out = `${padded.slice(0, -3).replace(/^0+(?=\d)/, '')}.${padded.slice(-3)}${frac}`;
  return v < 0 ? `-${out}` : out;
}

const money = (v: number): string => (Number.isNaN(v) ? '' : exactDecimal(v));
const plain = (v: number): string => (Number.isFinite(v) ? String(v) : '');
/** Percent with 4 decimals: derived ratios have no exact decimal form; 4 places keep 0.01 % steps exact. */
const ratio = (v: number): string => (Number.isFinite(v) ? v.toFixed(4) : '');

export interface RecCsvContext {
  recs: RecColumns;
  join: RecJoin | null;
  snap: Snapshot | null;
  /** Fees always counted (the deal figures). */
  netDerived: Derived | null;
  /** Whether the best ask/bid columns are net of fees (the grid's setting). */
  net: boolean;
  marketName(slug: string): string;
  /** Shown in another currency: converted columns and the rate's provenance follow the service columns. */
  currency?: MoneyConversion | null;
}

export function recCsvHeader(ctx: RecCsvContext): string {
  const n = ctx.net ? ' (net of fees)' : '';
  return [
    'Item',
    'Suggested price',
    'Total sales',
    'Price difference',
    'Price change %',
    'Liquidity score (0-10000)',
    'Unstable reasons',
    `Best ask${n}`,
    'Best ask market',
    'Ask vs suggested',
    'Ask vs suggested %',
    `Best bid${n}`,
    'Best bid market',
    'Bid vs suggested',
    'Bid vs suggested %',
    'Buy: market',
    'Buy: ask',
    'Buy: buyer fee',
    'Buy: cost after fee',
    'Buy: gain',
    'Buy: gain %',
    'Sell: market',
    'Sell: buy order',
    'Sell: seller fee',
    'Sell: proceeds after fee',
    'Sell: gain',
    'Sell: gain %',
    ...(ctx.currency
      ? [
          ...['Suggested price', `Best ask${n}`, `Best bid${n}`].map((l) =>
            convertedLabel(ctx.currency as MoneyConversion, l),
          ),
          ...provenanceHead(ctx.currency),
        ]
      : []),
  ]
    .map(csvText)
    .join(',');
}

function recCsvRow(ctx: RecCsvContext, unknownOf: ReadonlyMap<number, string[]>, i: number): string {
  const { recs: c, join, snap } = ctx;
  const f: string[] = [
    csvText(c.names[i] ?? ''),
    money(c.suggested[i] as number),
    plain(c.sales[i] as number),
    money(c.diff[i] as number),
    plain(c.changePct[i] as number),
    plain(c.liquidity[i] as number),
    csvText(c.reasons[i] === 0 ? '' : reasonCodes(c, unknownOf, i).join(' ')),
  ];
  const market = (slugs: readonly string[] | undefined, col: number) =>
    col >= 0 && slugs ? csvText(ctx.marketName(slugs[col] ?? '')) : '';
  if (join && snap) {
    f.push(
      money(join.ask[i] as number),
      market(snap.askMarkets, join.askCol[i] as number),
      money(join.askGap[i] as number),
      ratio(join.askGapPct[i] as number),
      money(join.bid[i] as number),
      market(snap.bidMarkets, join.bidCol[i] as number),
      money(join.bidGap[i] as number),
      ratio(join.bidGapPct[i] as number),
    );
    for (const side of ['buy', 'sell'] as const) {
      const w = ctx.netDerived ? dealWorking(side, i, c, join, snap, ctx.netDerived) : null;
      f.push(
        w ? csvText(ctx.marketName(w.market)) : '',
        w ? money(w.price) : '',
        w ? money(w.fee) : '',
        w ? money(w.after) : '',
        w ? money(w.gain) : '',
        w ? ratio(w.gainPct) : '',
      );
    }
  } else {
    for (let k = 0; k < 20; k++) f.push('');
  }
  const cur = ctx.currency;
  if (cur) {
    const v = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? null : x);
    f.push(
      convertedField(cur, v(c.suggested[i])),
      convertedField(cur, join ? v(join.ask[i]) : null),
      convertedField(cur, join ? v(join.bid[i]) : null),
      ...provenanceFields(cur),
    );
  }
  return f.join(',');
}

/** The CSV in chunks; the first starts with the header. */
export function* recCsvChunks(ctx: RecCsvContext, rows: ArrayLike<number>, chunkRows = 2000): Generator<string> {
  const unknownOf = new Map(ctx.recs.unknownReasons);
  let out = `${recCsvHeader(ctx)}${CSV_EOL}`;
  let inChunk = 0;
  for (let j = 0; j < rows.length; j++) {
    out += `${recCsvRow(ctx, unknownOf, rows[j] as number)}${CSV_EOL}`;
    if (++inChunk >= chunkRows) {
      yield out;
      out = '';
      inChunk = 0;
    }
  }
  if (out) yield out;
}
