/**
 * One item in full: every market's ask, locked price, offers and buy order, the best arbitrage pair, and
 * where the API has them its Steam analytics (CS2, Dota 2) and price recommendation. Those two are typed
 * GraphQL documents on the app's urql client; the API answers them for a whole game, so the data worker
 * fetches each once per game and data source and picks this item (market/worker/client.ts itemLookupRun).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useQuery, type TypedDocumentNode } from 'urql';
import { isUnstableReason, type PriceRecommendationRow, type SteamAnalyticsRow } from '../../shared/api/types';
import { PRICE_RECOMMENDATION_GAMES, STEAM_ANALYTICS_GAMES, gameName } from '../../shared/catalog/games';
import { MISSING, formatMoney, formatMoneyExact, type MoneyFormat } from '../../shared/money/money';
import { ErrorNotice } from '../ui/ErrorNotice';
import { useDataSource } from '../market/providers';
import { routeHref } from '../lib/route';
import { countOf, formatCount, num, signedMoney, signedPercent } from '../lib/number-format';
import { ITEM_RECOMMENDATION, ITEM_STEAM_ANALYTICS, type ItemLookup, type ItemVars } from '../market/api/documents';
import { fromCombinedError, type ApiError } from '../api/errors';
import { itemLookupRun } from '../market/worker/client';
import { cellValue, type Snapshot } from '../market/model/snapshot';
import type { Derived } from '../market/model/derived-columns';
import { bestArbitrage, shownAsk, shownBid, shownLocked } from '../market/model/price-arithmetic';
import { reasonText } from '../market/recommendations/reasons';
import { HistoryChart } from '../ui/history/HistoryChart';
import { openAlertEditor } from '../requests/alert-editor';
import { openHoldingEditor } from '../requests/holding-editor';
import { useItemMediansRecorder } from '../market/history/useValuesRecorder';
import type { TrustView } from '../ui/trust/row-confidence';
import { askAge, bidAge, flagClasses, flagText, quoteAgeText, stallsBySlug } from '../ui/trust/trust-text';
import { Icon } from '../ui/Icon';
import { MarkBlock, OtherBestLine, TrustSection } from './TrustSection';
import { otherBests } from '../ui/trust/row-confidence';
import { markInputs } from '../market/trust/mark';
import { TRUST_PREFS } from '../market/trust-prefs';
import { usePref } from '../lib/preferences';
import './DetailPanel.css';

export interface DetailPanelProps {
  snap: Snapshot;
  d: Derived;
  item: number;
  askCols: readonly number[];
  bidCols: readonly number[];
  nameOf(slug: string): string;
  money: MoneyFormat;
  net: boolean;
  watched: boolean;
  /** The item's alerts (a link to the Alerts page when there are any). */
  alertCount: number;
  onToggleWatch(): void;
  onClose(): void;
  /** Increments on a manual refresh: the look-ups fetch again. */
  reloadEpoch: number;
  announce(text: string): void;
  /** Trust: ages, flags, confidence (absent: none shown). */
  trust?: TrustView;
}

interface Lookup<Row> {
  status: 'loading' | 'unsupported' | 'ok' | 'not-listed' | 'error';
  row: Row | null;
  /** When the whole-game answer the row is from was fetched (null: no row). */
  fetchedAt: number | null;
  error: ApiError | null;
  retry(): void;
}

function useItemLookup<Row>(
  doc: TypedDocumentNode<ItemLookup<Row>, { game_id?: number | null } & ItemVars>,
  games: readonly number[],
  game: number,
  name: string,
  reloadEpoch: number,
): Lookup<Row> {
  const { sourceKey } = useDataSource();
  const supported = games.includes(game);
  const context = useMemo(
    () => ({ worker: itemLookupRun({ source: sourceKey ?? '', epoch: reloadEpoch }) }),
    [sourceKey, reloadEpoch],
  );
  const [res, reexecute] = useQuery({
    query: doc,
    variables: { game_id: game, item: name },
    // Wait for the host's first status: the data source is part of what a kept answer is.
    pause: !supported || sourceKey === null,
    context,
  });
  const retry = () => reexecute({ requestPolicy: 'network-only' });
  if (!supported) return { status: 'unsupported', row: null, fetchedAt: null, error: null, retry };
  if (res.fetching || (!res.data && !res.error))
    return { status: 'loading', row: null, fetchedAt: null, error: null, retry };
  if (res.error) return { status: 'error', row: null, fetchedAt: null, error: fromCombinedError(res.error), retry };
  const row = res.data?.row ?? null;
  return {
    status: row ? 'ok' : 'not-listed',
    row,
    fetchedAt: row ? (res.data?.fetchedAt ?? null) : null,
    error: null,
    retry,
  };
}

/** A money figure; converted to another currency, its title names the service value, the rate and its date. */
export function Money({ v, money }: { v: number | null; money: MoneyFormat }) {
  if (v === null) return <span className="dp__missing">{MISSING}</span>;
  return money.conversion ? (
    <span
      title={formatMoneyExact(v, money)}
      data-rate-date={money.conversion.date}
      data-stale={money.conversion.stale || undefined}
    >
      {formatMoney(v, money)}
    </span>
  ) : (
    <>{formatMoney(v, money)}</>
  );
}

export function DetailPanel(props: DetailPanelProps) {
  const { snap, d, item, askCols, bidCols, nameOf, money, net, alertCount } = props;
  const name = snap.names[item] ?? '';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [item]);
  const rec = useItemLookup(ITEM_RECOMMENDATION, PRICE_RECOMMENDATION_GAMES, snap.game, name, props.reloadEpoch);
  const steam = useItemLookup(ITEM_STEAM_ANALYTICS, STEAM_ANALYTICS_GAMES, snap.game, name, props.reloadEpoch);
  // Its Steam medians go to the price history (once per fetched answer, after idle).
  useItemMediansRecorder(snap.game, steam.row, steam.fetchedAt);

  const m = snap.askMarkets.length;
  const b = snap.bidMarkets.length;
  const slugs: string[] = [];
  for (const k of askCols) slugs.push(snap.askMarkets[k] as string);
  for (const k of bidCols) if (!slugs.includes(snap.bidMarkets[k] as string)) slugs.push(snap.bidMarkets[k] as string);
  const now = props.trust?.now ?? Date.now();
  const [quotes] = usePref(TRUST_PREFS.quotes);
  const [includeStalled] = usePref(TRUST_PREFS.includeStalled);
  const others = props.trust ? otherBests(snap, d, item) : [];
  const otherAsk = others.find((o) => o.side === 'ask');
  const otherBid = others.find((o) => o.side === 'bid');
  const askStalls = stallsBySlug(snap.trust, 'ask');
  const bidStalls = stallsBySlug(snap.trust, 'bid');
  const rows = slugs.map((slug) => {
    const k = snap.askIndex.get(slug);
    const bk = snap.bidIndex.get(slug);
    const askShown = k !== undefined && askCols.includes(k);
    const bidShown = bk !== undefined && bidCols.includes(bk);
    const askCell = askShown && k !== undefined ? item * m + k : -1;
    const bidCell = bidShown && bk !== undefined ? item * b + bk : -1;
    const askBits = askCell >= 0 ? (snap.trust?.askFlags[askCell] ?? 0) : 0;
    const bidBits = bidCell >= 0 ? (snap.trust?.bidFlags[bidCell] ?? 0) : 0;
    const aAge = askCell >= 0 ? askAge(snap.trust, askCell) : null;
    return {
      askBits,
      bidBits,
      askAgeText: askCell >= 0 ? quoteAgeText(aAge, now, snap.listed[askCell] === 1) : null,
      bidAgeText: bidCell >= 0 ? quoteAgeText(bidAge(snap.trust, bidCell), now) : null,
      stalled: askStalls.has(slug) || bidStalls.has(slug),
      slug,
      listed: askShown && k !== undefined ? snap.listed[item * m + k] === 1 : false,
      ask: askShown && k !== undefined ? shownAsk(snap, d, item, k) : null,
      locked: askShown && k !== undefined ? shownLocked(snap, d, item, k) : null,
      offers: askShown && k !== undefined ? cellValue(snap, 'offers', item * m + k) : null,
      bid: bidShown && bk !== undefined ? shownBid(snap, d, item, bk) : null,
      orders: bidShown && bk !== undefined ? cellValue(snap, 'bidOffers', item * b + bk) : null,
      isBestAsk: k !== undefined && d.bestAskCol[item] === k,
      isBestBid: bk !== undefined && d.bestBidCol[item] === bk,
    };
  });
  rows.sort((x, y) => (x.ask ?? Infinity) - (y.ask ?? Infinity) || (y.bid ?? -Infinity) - (x.bid ?? -Infinity));
  const pair = bestArbitrage(snap, d, item, askCols, bidCols, { quotes, includeStalled });
  const bestAsk = num(d.bestAsk[item] as number);
  const bestBid = num(d.bestBid[item] as number);
  const spread = num(d.spread[item] as number);
  const spreadPct = num(d.spreadPct[item] as number);

  return (
    <aside
      className="dp"
      aria-labelledby="dp-title"
      data-testid="detail-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          props.onClose();
        }
      }}
    >
      <header className="dp__head">
        <h2 id="dp-title" className="dp__title" ref={heading} tabIndex={-1}>
          {name}
        </h2>
        <div className="dp__actions">
          <button
            type="button"
            className={`btn btn--small btn--ghost dp__star${props.watched ? ' is-on' : ''}`}
            aria-pressed={props.watched}
            onClick={props.onToggleWatch}
          >
            {props.watched ? '★ Starred' : '☆ Star'}
          </button>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            onClick={() => {
              void navigator.clipboard.writeText(name).then(
                () => props.announce(`Copied ${name}`),
                () => props.announce('Copy failed'),
              );
            }}
          >
            Copy name
          </button>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            title="A price alert on this item (A on its row)"
            onClick={(e) =>
              openAlertEditor({ mode: 'new', game: snap.game, item: name, snap, returnFocus: e.currentTarget })
            }
          >
            Alert…
          </button>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            title="Record that you own this item, with its cost (P on its row)"
            onClick={(e) => openHoldingEditor({ mode: 'new', game: snap.game, name, returnFocus: e.currentTarget })}
          >
            Add to portfolio…
          </button>
          {alertCount > 0 ? (
            <a
              className="btn btn--small btn--ghost"
              href={routeHref('alerts')}
              title="This item's alerts, on the Alerts page"
            >
              {alertCount} {alertCount === 1 ? 'alert' : 'alerts'}
            </a>
          ) : null}
          <a
            className="btn btn--small btn--ghost"
            href={routeHref('analytics', { view: 'item', item: name })}
            title="Charts of this item's sales, listings and buy orders"
          >
            Analytics
          </a>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            aria-label="Close details"
            onClick={props.onClose}
          >
            ✕
          </button>
        </div>
      </header>

      <dl className="dp__summary">
        <div>
          <dt>Best ask{net ? ' (net)' : ''}</dt>
          <dd className="dp__num">
            <Money v={bestAsk} money={money} />
            {bestAsk !== null ? <small>{nameOf(snap.askMarkets[d.bestAskCol[item] as number] ?? '')}</small> : null}
            {props.trust && bestAsk !== null ? (
              <small className="dp__age" data-testid="detail-best-ask-age">
                {quoteAgeText(askAge(snap.trust, item * m + (d.bestAskCol[item] as number)), now)}
              </small>
            ) : null}
            {otherAsk ? <OtherBestLine other={otherAsk} money={money} nameOf={nameOf} /> : null}
          </dd>
        </div>
        <div>
          <dt>Best bid{net ? ' (net)' : ''}</dt>
          <dd className="dp__num">
            <Money v={bestBid} money={money} />
            {bestBid !== null ? (
              <small>
                {nameOf(snap.bidMarkets[d.bestBidCol[item] as number] ?? '')} ·{' '}
                {countOf(num(d.bidOrders[item] as number), 'order')}
              </small>
            ) : null}
            {props.trust && bestBid !== null ? (
              <small className="dp__age" data-testid="detail-best-bid-age">
                {quoteAgeText(bidAge(snap.trust, item * b + (d.bestBidCol[item] as number)), now)}
              </small>
            ) : null}
            {otherBid ? <OtherBestLine other={otherBid} money={money} nameOf={nameOf} /> : null}
          </dd>
        </div>
        <div>
          <dt>Spread</dt>
          <dd className={`dp__num${spread === null ? '' : spread > 0 ? ' is-pos' : spread < 0 ? ' is-neg' : ''}`}>
            {signedMoney(spread, money)} <small>{signedPercent(spreadPct)}</small>
          </dd>
        </div>
        <div>
          <dt>Markets listing</dt>
          <dd className="dp__num">
            {d.listedCount[item]} <small>of {askCols.length}</small>
          </dd>
        </div>
      </dl>

      {props.trust ? (
        <TrustSection
          snap={snap}
          confidence={props.trust.confidenceWith(
            item,
            rec.row ? { reasons: rec.row.unstable_reasons, liquidity: rec.row.liquidity_score } : null,
          )}
          nameOf={nameOf}
          now={now}
        >
          <MarkBlock
            inputs={markInputs(snap, d, item, askCols, bidCols, { quotes, includeStalled })}
            money={money}
            nameOf={nameOf}
          />
        </TrustSection>
      ) : null}

      <section className="dp__section" aria-labelledby="dp-arb">
        <h3 id="dp-arb" className="dp__h3">
          Best arbitrage pair{net ? ' (net of fees)' : ''}
        </h3>
        {pair ? (
          <p
            className={`dp__pair${pair.profit > 0 ? ' is-pos' : pair.profit < 0 ? ' is-neg' : ''}`}
            data-testid="arbitrage"
          >
            Buy on <strong>{nameOf(snap.askMarkets[pair.buyCol] ?? '')}</strong> at {formatMoney(pair.buy, money)}, sell
            to a buy order on <strong>{nameOf(snap.bidMarkets[pair.sellCol] ?? '')}</strong> at{' '}
            {formatMoney(pair.sell, money)}: <strong>{signedMoney(pair.profit, money)}</strong> (
            {signedPercent(pair.percent)})
          </p>
        ) : (
          <p className="dp__muted">No pair: it needs an ask on one market and a buy order on another.</p>
        )}
      </section>

      <section className="dp__section" aria-labelledby="dp-markets">
        <h3 id="dp-markets" className="dp__h3">
          Every market
        </h3>
        <table className="dp__table">
          <thead>
            <tr>
              <th scope="col">Market</th>
              <th scope="col" className="dp__num">
                Ask
              </th>
              <th scope="col" className="dp__num">
                Locked
              </th>
              <th scope="col" className="dp__num">
                Offers
              </th>
              <th scope="col" className="dp__num">
                Bid
              </th>
              <th scope="col" className="dp__num">
                Orders
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.slug} className={r.listed || r.bid !== null ? '' : 'is-empty'}>
                <th scope="row" title={r.stalled ? `${r.slug}: stalled (see below)` : r.slug}>
                  {nameOf(r.slug)}
                  {r.stalled ? (
                    <span className="dp__stalled" data-testid="detail-stalled-mark">
                      {' '}
                      <Icon name="warn" /> stalled
                    </span>
                  ) : null}
                </th>
                <td
                  className={`dp__num${r.isBestAsk ? ' is-best' : ''}${flagClasses(r.askBits)}`}
                  title={r.askAgeText ? [r.askAgeText, flagText(r.askBits)].filter(Boolean).join('; ') : undefined}
                  data-flags={r.askBits || undefined}
                >
                  <Money v={r.ask} money={money} />
                </td>
                <td className="dp__num">
                  <Money v={r.locked} money={money} />
                </td>
                <td className="dp__num">{formatCount(r.offers)}</td>
                <td
                  className={`dp__num${r.isBestBid ? ' is-bestbid' : ''}${flagClasses(r.bidBits)}`}
                  title={r.bidAgeText ? [r.bidAgeText, flagText(r.bidBits)].filter(Boolean).join('; ') : undefined}
                >
                  <Money v={r.bid} money={money} />
                </td>
                <td className="dp__num">{formatCount(r.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <HistoryChart
        game={snap.game}
        name={name}
        askMarkets={askCols.map((k) => snap.askMarkets[k] as string)}
        bidMarkets={bidCols.map((k) => snap.bidMarkets[k] as string)}
        nameOf={nameOf}
        money={money}
      />

      <section className="dp__section" aria-labelledby="dp-rec" aria-busy={rec.status === 'loading'}>
        <h3 id="dp-rec" className="dp__h3">
          Price recommendation
        </h3>
        <Extra lookup={rec} game={snap.game}>
          {rec.row ? <Recommendation rec={rec.row} money={money} /> : null}
        </Extra>
      </section>

      <section className="dp__section" aria-labelledby="dp-steam" aria-busy={steam.status === 'loading'}>
        <h3 id="dp-steam" className="dp__h3">
          Steam analytics
        </h3>
        <Extra lookup={steam} game={snap.game}>
          {steam.row ? <Steam s={steam.row} money={money} /> : null}
        </Extra>
      </section>
    </aside>
  );
}

function Extra({ lookup, game, children }: { lookup: Lookup<unknown>; game: number; children: React.ReactNode }) {
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

function Recommendation({ rec, money }: { rec: PriceRecommendationRow; money: MoneyFormat }) {
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

function Steam({ s, money }: { s: SteamAnalyticsRow; money: MoneyFormat }) {
  const rows: Array<[string, React.ReactNode]> = [
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
