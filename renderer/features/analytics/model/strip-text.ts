/** The price strip's words: its subtitle, and the cheapest-ask and best-bid labels ("—" without a price). */
import type { ChartFormat } from '../../../ui/charts/format';
import type { ItemStrip, Quote } from './price-strip';

export function stripSubtitle(
  strip: ItemStrip | null,
  nameOf: (slug: string) => string,
  f: ChartFormat,
  stale: boolean,
): string {
  const about = 'Lowest ask and highest buy order on each market, now';
  if (!strip) return about;
  const missing = [...strip.asks, ...strip.bids].filter((q) => q.price === null).length;
  const parts = [
    `Cheapest ask ${markedText(strip.asks, nameOf, f)}`,
    `best bid ${markedText(strip.bids, nameOf, f)}`,
    `spread ${spreadText(strip.spread, f)}`,
  ];
  return `${parts.join(' · ')}. ${about}${missing ? `; ${missing} without a price are in the table as \u2014` : ''}.${stale ? ' The latest load failed: these are the last prices loaded.' : ''}`;
}

/** "BUFF163 $10.25" (ties: "BUFF163 and 2 more $10.25"); "—" without a price. */
export function markedText(quotes: readonly Quote[], nameOf: (slug: string) => string, f: ChartFormat): string {
  const marked = quotes.filter((q) => q.marked);
  const first = marked[0];
  if (!first) return '\u2014';
  return `${nameOf(first.slug)}${marked.length > 1 ? ` and ${marked.length - 1} more` : ''} ${f.money(first.price)}`;
}

/** Cheapest ask minus best bid; a negative one means a buy order pays more than the cheapest ask. */
function spreadText(spread: number | null, f: ChartFormat): string {
  if (spread === null) return '\u2014';
  return spread < 0 ? `${f.money(spread)} (crossed)` : f.money(spread);
}
