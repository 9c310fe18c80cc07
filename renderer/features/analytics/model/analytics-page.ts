/**
 * The Analytics page's decisions, without React: which source to show for what the address asks and what
 * the service offers, what the charts wait for or why they cannot show, and where the data comes from.
 */
import { gameName } from '../../../../shared/catalog/games';
import { marketName } from '../../../../shared/catalog/markets';
import type { ChartState } from '../../../ui/charts/types';
import type { AnalyticsSource } from './market-summary';

/** The source shown: the one asked for when offered, else the closest the service offers (null: none). */
export function pickSource(
  requested: string,
  offered: readonly string[],
  refused: ReadonlySet<string>,
  steamGame: boolean,
): AnalyticsSource | null {
  const firstOffered = offered[0];
  const requestedRefused = requested !== 'steam' && refused.has(requested);
  return requested !== 'steam' && offered.includes(requested)
    ? { kind: 'market', market: requested }
    : // A marketplace was asked for and refused: another marketplace is closest to what was asked.
      requestedRefused && firstOffered !== undefined
      ? { kind: 'market', market: firstOffered }
      : steamGame
        ? { kind: 'steam' }
        : firstOffered !== undefined
          ? { kind: 'market', market: firstOffered }
          : null;
}

export function sourceNameOf(source: AnalyticsSource | null): string {
  return source === null ? 'no marketplace' : source.kind === 'steam' ? 'Steam' : marketName(source.market);
}

export interface StateInput {
  game: number;
  source: AnalyticsSource | null;
  sourceName: string;
  /** Whether the service's marketplaces are being checked, and every one this page could ask for. */
  checking: boolean;
  all: readonly string[];
  /** The main catalog's failure, and the refused marketplace it names (null: none). */
  error: { message: string; detail: string } | null;
  mainRefused: string | null;
  loaded: boolean;
  /** The item view still reads its items. */
  readingItems: boolean;
  onRetry(): void;
}

/** What the charts show while they wait, or why they cannot show. */
export function chartState(i: StateInput): ChartState {
  const game = gameName(i.game);
  return i.source === null
    ? i.checking
      ? { status: 'loading', message: 'Checking which marketplaces this service has order analytics for…' }
      : {
          status: 'error',
          message: `This service offers no marketplace order analytics for ${game} (it refused ${i.all.map(marketName).join(', ')}).`,
        }
    : i.error && i.mainRefused && i.checking
      ? { status: 'loading', message: `The service refused ${i.sourceName}: checking the other marketplaces…` }
      : i.error
        ? { status: 'error', message: `${i.error.message} ${i.error.detail}`.trim(), onRetry: i.onRetry }
        : !i.loaded
          ? {
              status: 'loading',
              message: `Loading ${game} ${i.sourceName} analytics: the whole catalog comes in one answer…`,
            }
          : i.readingItems
            ? { status: 'loading', message: 'Reading the item…' }
            : { status: 'ready' };
}

/** The service's host for the charts' footers; an unparsable address as it is. */
export function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
