/**
 * One item (and up to four more to compare): the main item on every market at once (PriceStrip), sales
 * over the windows, sales pace, listings against buy orders, the minimum-sell ladder against the
 * maximum-buy ladder as nested bands, the current book, and the same item on a chosen marketplace beside
 * Steam's. The API has no history: every chart reads the 24 h / 7 d / 30 d / 90 d windows it has.
 */
import type { MarketOrderAnalyticsRow, SteamAnalyticsRow } from '../../../shared/api/types';
import { ChartGroup, ExportAllButton } from '../../ui/charts/ChartGroup';
import type { ChartState, Provenance } from '../../ui/charts/types';
import { ItemOrderCharts } from './ItemOrderCharts';
import { ItemSalesCharts } from './ItemSalesCharts';
import { slugify } from './names';
import { PriceStrip } from './PriceStrip';
import { SalesFigures } from './SalesFigures';
import type { CatalogRow } from './worker/protocol';

export interface ItemViewProps {
  game: number;
  /** The items shown (the first is the main one; up to 5). */
  names: string[];
  /** Their rows in the main catalog (Steam, or a marketplace for games without Steam analytics). */
  rows: (CatalogRow | null)[];
  /** The main item's row on the chosen marketplace, beside Steam's (null: none chosen or not listed). */
  marketRow: MarketOrderAnalyticsRow | null;
  marketName: string | null;
  mainSource: string;
  state: ChartState;
  provenance: Provenance;
}

const isSteam = (r: CatalogRow | null): r is SteamAnalyticsRow => r !== null && 'sales' in r;

export function ItemView({ game, names, rows, marketRow, marketName, mainSource, state, provenance }: ItemViewProps) {
  const main = rows[0] ?? null;
  const base = slugify(names[0] ?? 'item');
  // Only once the rows are read: while the catalog loads every row is still null.
  const notFound = state.status === 'ready' ? names.filter((_, i) => rows[i] === null) : [];
  const mainSales = isSteam(main) ? main.sales : null;
  return (
    <ChartGroup name={`${names[0] ?? 'Item'} analytics`}>
      <div className="an__viewbar">
        {notFound.length > 0 ? (
          <p className="an__note an__note--warn">Not in this catalog: {notFound.join(', ')}.</p>
        ) : (
          <span />
        )}
        <ExportAllButton fileBase={`${base}-item`} />
      </div>
      {mainSales ? <SalesFigures sales={mainSales} /> : null}
      <div className="an__grid">
        <div className="an__wide">
          <PriceStrip
            game={game}
            name={names[0] ?? null}
            waiting={state}
            fileBase={`${base}-markets`}
            provenance={provenance}
          />
        </div>
        <ItemSalesCharts
          names={names}
          steamRows={rows.map((r) => (isSteam(r) ? r : null))}
          base={base}
          provenance={provenance}
          state={state}
        />
        <ItemOrderCharts
          main={main}
          marketRow={marketRow}
          marketName={marketName}
          mainSource={mainSource}
          base={base}
          provenance={provenance}
          state={state}
        />
      </div>
    </ChartGroup>
  );
}
