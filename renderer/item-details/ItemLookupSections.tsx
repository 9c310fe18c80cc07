/** The detail panel's look-up sections: the price recommendation and the Steam analytics, or why they are missing. */
import type { ReactNode } from 'react';
import { isUnstableReason, type PriceRecommendationRow, type SteamAnalyticsRow } from '../../shared/api/types';
import { gameName } from '../../shared/catalog/games';
import { MISSING, type MoneyFormat } from '../../shared/money/money';
import { ErrorNotice } from '../ui/ErrorNotice';
import { formatCount, signedMoney, signedPercent } from '../lib/number-format';
import { reasonText } from '../market/recommendations/reasons';
import { Money } from './Money';
import type { Lookup } from './useItemLookup';

/** A look-up's section: its heading, then its answer, or loading, not offered, not listed or the error. */
export function LookupSection<Row>({
  id,
  title,
  lookup,
  game,
  children,
}: {
  id: string;
  title: string;
  lookup: Lookup<Row>;
  game: number;
  children: ReactNode;
}) {
  return (
    <section className="dp__section" aria-labelledby={id} aria-busy={lookup.status === 'loading'}>
      <h3 id={id} className="dp__h3">
        {title}
      </h3>
      <Extra lookup={lookup} game={game}>
        {children}
      </Extra>
    </section>
  );
}

function Extra({ lookup, game, children }: { lookup: Lookup<unknown>; game: number; children: ReactNode }) {
  const { status, error } = lookup;
  if (status === 'loading')
    return <p className="dp__muted">Loading (the first look-up fetches the whole {gameName(game)} catalog once)…</p>;
  if (status === 'unsupported') return <p className="dp__muted">The API does not offer this for {gameName(game)}.</p>;
  if (status === 'not-listed') return <p className="dp__muted">The API has no entry for this item.</p>;
  if (status === 'error') {
    return (
      <ErrorNotice
        layout="inline"
        className="dp__error"
        message={error?.message ?? 'The look-up failed.'}
        detail={error?.detail}
        onRetry={lookup.retry}
      />
    );
  }
  return <>{children}</>;
}

export function Recommendation({ rec, money }: { rec: PriceRecommendationRow; money: MoneyFormat }) {
  return (
    <>
      <dl className="dp__facts">
        <div>
          <dt>Suggested price</dt>
          <dd className="dp__num">
            <Money v={rec.suggested_price} money={money} />
          </dd>
        </div>
        <div>
          <dt>Liquidity</dt>
          <dd className="dp__num">
            {formatCount(rec.liquidity_score)} <small>/ 10,000</small>
          </dd>
        </div>
        <div>
          <dt>Total sales</dt>
          <dd className="dp__num">{formatCount(rec.total_sales)}</dd>
        </div>
        <div>
          <dt>Price change</dt>
          <dd className="dp__num">{signedPercent(rec.price_change_percentage)}</dd>
        </div>
        <div>
          <dt>Difference to suggested</dt>
          <dd className="dp__num">
            {signedMoney(rec.price_difference === null ? null : Math.round(rec.price_difference), money)}
          </dd>
        </div>
      </dl>
      {rec.unstable_reasons.length > 0 ? (
        <ul className="dp__chips" aria-label="Why the price may be unstable">
          {rec.unstable_reasons.map((r, i) => (
            <li key={`${i}:${r}`} className={`dp__chip${isUnstableReason(r) ? '' : ' is-unknown'}`} title={r}>
              {reasonText(r)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="dp__muted">Stable: no warnings.</p>
      )}
    </>
  );
}

export function Steam({ s, money }: { s: SteamAnalyticsRow; money: MoneyFormat }) {
  const rows: Array<[string, ReactNode]> = [
    [
      'Sales 24 h / 7 d / 30 d / 90 d',
      `${formatCount(s.sales.last_24h)} / ${formatCount(s.sales.last_7d)} / ${formatCount(s.sales.last_30d)} / ${formatCount(s.sales.last_90d)}`,
    ],
    [
      'Average daily volume',
      s.sales.avg_daily_volume === null
        ? MISSING
        : s.sales.avg_daily_volume.toLocaleString('en-US', { maximumFractionDigits: 2 }),
    ],
    ['Median sale, 90 d', <Money key="m" v={s.sales.median_price_90d} money={money} />],
    ['Average sale, 90 d', <Money key="a" v={s.sales.average_price_90d} money={money} />],
    ['Latest median sold', <Money key="l" v={s.sales.latest_median_price_sold} money={money} />],
    [
      'Sell orders: min / max now',
      <span key="s">
        <Money v={s.listings.min_sell_order_price} money={money} /> /{' '}
        <Money v={s.listings.max_sell_order_price} money={money} />
      </span>,
    ],
    [
      'Sell orders 24 h / 7 d',
      `${formatCount(s.listings.sell_orders_last_24h)} / ${formatCount(s.listings.sell_orders_last_7d)}`,
    ],
    [
      'Buy orders: max / min now',
      <span key="b">
        <Money v={s.buyOrders.max_buy_order_price} money={money} /> /{' '}
        <Money v={s.buyOrders.min_buy_order_price} money={money} />
      </span>,
    ],
    [
      'Buy orders 24 h / 7 d',
      `${formatCount(s.buyOrders.buy_orders_last_24h)} / ${formatCount(s.buyOrders.buy_orders_last_7d)}`,
    ],
  ];
  return (
    <dl className="dp__facts dp__facts--list">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd className="dp__num">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
