/** The main item's Steam sales figures above the item view's charts. */
import type { SteamAnalyticsRow } from '../../../shared/api/types';
import { MISSING } from '../../../shared/money/money';
import { useChartFormat } from '../../ui/charts/format';

export function SalesFigures({ sales }: { sales: SteamAnalyticsRow['sales'] }) {
  const f = useChartFormat();
  return (
    <dl className="an__stats" aria-label="Sales figures">
      <div>
        <dt>Average daily volume</dt>
        <dd>
          {sales.avg_daily_volume === null
            ? MISSING
            : sales.avg_daily_volume.toLocaleString('en-US', { maximumFractionDigits: 2 })}
        </dd>
      </div>
      <div>
        <dt>Median price, 90 days</dt>
        <dd>{f.money(sales.median_price_90d)}</dd>
      </div>
      <div>
        <dt>Average price, 90 days</dt>
        <dd>{f.money(sales.average_price_90d)}</dd>
      </div>
      <div>
        <dt>Latest median sold</dt>
        <dd>{f.money(sales.latest_median_price_sold)}</dd>
      </div>
    </dl>
  );
}
