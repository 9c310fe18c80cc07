/**
 * The Alerts page's history of firings: an alert's value and quote, or a scanner rule's route, and whether
 * it notified.
 */
import { useState } from 'react';
import { formatMoney, formatPercent, type MoneyFormat } from '../../../shared/money/money';
import { reasonText } from '../../market/recommendations/reasons';
import { ItemLink, timeText } from './ItemLink';
import { conditionText, firingQuoteText, valueText } from './model/describe';
import { ANY_MARKET, type Firing, type RouteFiringRecord } from './model/types';
import { alertsRuntime } from './alert-checks';
import type { useAlertsPage } from './useAlertsPage';

function FiringRow({
  firing: f,
  money,
  nameOf,
  fresh,
}: {
  firing: Firing;
  money: MoneyFormat;
  nameOf(slug: string): string;
  fresh: boolean;
}) {
  const via =
    f.via && !f.via.includes('→')
      ? nameOf(f.via)
      : f.via
        ? f.via.split('→').map(nameOf).join(' → ')
        : f.condition.kind === 'mark'
          ? 'mark'
          : '—';
  const quote = firingQuoteText(f, nameOf, money);
  const note =
    f.notified === 'silenced'
      ? 'Silent: the item was flagged unstable'
      : f.notified === 'shown'
        ? 'Shown'
        : `Not shown${f.note ? `: ${f.note}` : ''}`;
  return (
    <tr data-testid="firing-row" className={fresh ? 'is-new' : ''}>
      <td className="al-time">
        <time dateTime={new Date(f.at).toISOString()}>{timeText(f.at)}</time>
      </td>
      <td className="al-itemcell">
        <ItemLink game={f.game} item={f.item} />
        {f.unstable && f.unstable.length > 0 ? (
          <div className="al-sub">
            <span className="al-chip is-warn" data-testid="firing-unstable">
              unstable: {f.unstable.map(reasonText).join(', ')}
            </span>
          </div>
        ) : null}
      </td>
      <td className="al-condcell">{conditionText(f.condition, f.net, money)}</td>
      <td>
        {f.market === ANY_MARKET ? <span className="al-muted al-small">any: </span> : null}
        {via}
      </td>
      <td className="al-numcol" data-testid="firing-value" data-value={f.value}>
        {valueText(f.condition, f.value, money)}
        {f.condition.kind === 'change' || f.condition.kind === 'spread-above' ? (
          <span className="al-muted al-small"> (ask {formatMoney(f.price, money)})</span>
        ) : null}
        {quote ? (
          <div className="al-sub al-muted al-small" data-testid="firing-quote">
            Fired by {quote}
          </div>
        ) : null}
      </td>
      <td className={`al-note${f.notified === 'shown' ? '' : ' is-muted'}`}>{note}</td>
    </tr>
  );
}

/** A scanner rule's firing: the route found N polls in a row (the rule's name as its condition). */
function RouteFiringRow({
  firing: f,
  money,
  nameOf,
  fresh,
}: {
  firing: RouteFiringRecord;
  money: MoneyFormat;
  nameOf(slug: string): string;
  fresh: boolean;
}) {
  const r = f.route;
  return (
    <tr data-testid="firing-row" data-type="route" className={fresh ? 'is-new' : ''}>
      <td className="al-time">
        <time dateTime={new Date(f.at).toISOString()}>{timeText(f.at)}</time>
      </td>
      <td className="al-itemcell">
        <ItemLink game={f.game} item={f.item} />
      </td>
      <td className="al-condcell">
        Scanner rule “{r.ruleName}”: route for {r.polls} poll{r.polls === 1 ? '' : 's'}
      </td>
      <td>
        {nameOf(r.buyMarket)} → {nameOf(r.sellMarket)}
      </td>
      <td className="al-numcol" data-testid="firing-value" data-value={r.profit}>
        {formatMoney(r.profit, money)} net
        <div className="al-sub al-muted al-small">
          buy {formatMoney(r.buyPrice, money)}, sell {formatMoney(r.sellPrice, money)}
          {r.roi === null ? '' : `, ROI ${formatPercent(r.roi * 100)}`}
        </div>
      </td>
      <td className={`al-note${f.notified === 'shown' ? '' : ' is-muted'}`}>
        {f.notified === 'shown' ? 'Shown' : `Not shown${f.note ? `: ${f.note}` : ''}`}
      </td>
    </tr>
  );
}

type AlertsPage = ReturnType<typeof useAlertsPage>;

/** The "History" card: every firing, newest first, with a confirmed Clear. */
export function FiringHistory({ page }: { page: AlertsPage }) {
  const { view, money, nameOf, seenAt } = page;
  const [confirmClear, setConfirmClear] = useState(false);
  return (
    <section className="card al-card" aria-labelledby="al-hist-h">
      <div className="card__head">
        <h2 id="al-hist-h" className="card__title">
          History <span className="al-count">{view.firings.length}</span>
        </h2>
        {view.firings.length > 0 ? (
          confirmClear ? (
            <span className="al-inline">
              <span className="field__hint">Delete the whole history?</span>
              <button
                type="button"
                className="btn btn--small btn--danger"
                onClick={() => {
                  setConfirmClear(false);
                  void alertsRuntime().clearHistory();
                }}
              >
                Delete history
              </button>
              <button type="button" className="btn btn--small" onClick={() => setConfirmClear(false)}>
                Keep it
              </button>
            </span>
          ) : (
            <button type="button" className="btn btn--small btn--ghost" onClick={() => setConfirmClear(true)}>
              Clear history…
            </button>
          )
        ) : null}
      </div>
      {view.firings.length === 0 ? (
        <p className="al-muted" data-testid="history-empty">
          No alert has fired yet. Each firing is listed here with its time, item, market, condition and price, and kept
          across restarts.
        </p>
      ) : (
        <div className="al-scroll">
          <table className="al-table" data-testid="alerts-history">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Item</th>
                <th scope="col">Condition</th>
                <th scope="col">Market</th>
                <th scope="col" className="al-numcol">
                  Value
                </th>
                <th scope="col">Notification</th>
              </tr>
            </thead>
            <tbody>
              {view.firings.map((f) =>
                f.type === 'route' ? (
                  <RouteFiringRow key={f.id} firing={f} money={money} nameOf={nameOf} fresh={f.at > seenAt} />
                ) : (
                  <FiringRow key={f.id} firing={f} money={money} nameOf={nameOf} fresh={f.at > seenAt} />
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
