/**
 * The Alerts page's table of alerts: on/off, the item (with its unstable reasons), the condition, the value
 * now, where it stands, edit and delete.
 */
import type { MoneyFormat } from '../../../shared/money/money';
import { reasonText } from '../../market/recommendations/reasons';
import { openAlertEditor } from '../../requests/alert-editor';
import { alertsRuntime } from './alert-checks';
import { reasonsKey, type ReasonsState } from './hooks';
import { ItemLink, shortGame, timeText } from './ItemLink';
import { conditionText, durationText, marketText, rearmText, valueText } from './model/describe';
import { ANY_MARKET, type Alert, type AlertState } from './model/types';
import type { useAlertsPage } from './useAlertsPage';
import { routeHref } from '../../lib/route';

/** Where an alert stands at the last check, and its tone. */
function stateText(
  a: Alert,
  s: AlertState | undefined,
  money: MoneyFormat,
): { text: string; tone: 'ok' | 'warn' | 'muted' | 'fired' } {
  if (!a.enabled) return { text: 'Off', tone: 'muted' };
  if (!s || s.lastAt === null) return { text: 'Waiting for the next prices', tone: 'muted' };
  if (s.missing === 'item') return { text: 'Not in the latest prices', tone: 'warn' };
  if (s.missing === 'market')
    return { text: `${a.market} is not among your markets for ${shortGame(a.game)}`, tone: 'warn' };
  if (s.missing === 'price')
    return { text: a.condition.kind === 'mark' ? 'No mark now (no trusted quote)' : 'No price now', tone: 'muted' };
  if (s.missing === 'untrusted')
    return { text: 'Only untrusted quotes now (outlier or stalled market): waiting for a trusted one', tone: 'warn' };
  const cooling = s.lastFiredAt !== null && Date.now() - s.lastFiredAt < a.cooldownMs;
  if (s.armed === false) {
    const fired = s.lastFiredAt !== null ? `Fired ${timeText(s.lastFiredAt)}; ` : 'Was already past the line; ';
    return { text: `${fired}re-arms when ${rearmText(a, money)}`, tone: s.lastFiredAt !== null ? 'fired' : 'muted' };
  }
  if (cooling && s.lastFiredAt !== null)
    return { text: `Armed; cool-down until ${timeText(s.lastFiredAt + a.cooldownMs)}`, tone: 'ok' };
  if (s.held > 0 && s.held < a.holdPolls)
    return { text: `Armed; past the line ${s.held} of ${a.holdPolls} refreshes in a row`, tone: 'ok' };
  return { text: 'Armed', tone: 'ok' };
}

function ReasonsChip({ reasons }: { reasons: ReasonsState | undefined }) {
  if (!reasons || reasons.status === 'loading' || !reasons.reasons || reasons.reasons.length === 0) return null;
  return (
    <span
      className="al-chip is-warn"
      title="The recommendations flag this item's price as unstable"
      data-testid="alert-unstable"
    >
      unstable: {reasons.reasons.map(reasonText).join(', ')}
    </span>
  );
}

function AlertRow(props: {
  alert: Alert;
  state: AlertState | undefined;
  money: MoneyFormat;
  nameOf(slug: string): string;
  reasons: ReasonsState | undefined;
  onDelete(): void;
}) {
  const { alert: a, state: s, money, nameOf } = props;
  const st = stateText(a, s, money);
  const via =
    s?.lastMarket && !s.lastMarket.includes('→') && a.market === ANY_MARKET ? ` on ${nameOf(s.lastMarket)}` : '';
  return (
    <tr className={a.enabled ? '' : 'is-off'} data-testid="alert-row" data-alert-id={a.id}>
      <td className="al-narrow">
        <input
          type="checkbox"
          role="switch"
          checked={a.enabled}
          aria-label={`Alert on ${a.item}: ${a.enabled ? 'on' : 'off'}`}
          onChange={(e) => void alertsRuntime().setEnabled(a.id, e.target.checked)}
        />
      </td>
      <td className="al-itemcell">
        <ItemLink game={a.game} item={a.item} />
        {a.silentWhenUnstable || (props.reasons?.status === 'done' && props.reasons.reasons?.length) ? (
          <div className="al-sub">
            <ReasonsChip reasons={props.reasons} />
            {a.silentWhenUnstable ? <span className="al-muted al-small">silent while unstable</span> : null}
          </div>
        ) : null}
      </td>
      <td className="al-condcell">
        <span className="al-cond">{conditionText(a.condition, a.net, money)}</span>
        <span className="al-muted al-small">
          {' '}
          on {marketText(a.market, nameOf)} · cool-down {durationText(a.cooldownMs)}
        </span>
      </td>
      <td className="al-numcol" data-testid="alert-now" data-value={s?.lastValue ?? ''}>
        {s && s.lastValue !== null ? (
          <>
            {valueText(a.condition, s.lastValue, money)}
            <span className="al-muted al-small">{via}</span>
          </>
        ) : (
          <span className="al-muted">—</span>
        )}
      </td>
      <td className={`al-state is-${st.tone}`} data-testid="alert-state">
        {st.text}
      </td>
      <td className="al-actions">
        <button
          type="button"
          className="btn btn--small btn--ghost"
          aria-label={`Edit the alert on ${a.item}`}
          onClick={(e) => openAlertEditor({ mode: 'edit', alertId: a.id, returnFocus: e.currentTarget })}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          aria-label={`Delete the alert on ${a.item}`}
          onClick={props.onDelete}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}

type AlertsPage = ReturnType<typeof useAlertsPage>;

/** The "Alerts" card: the table, or how to add the first alert. */
export function AlertList({ page }: { page: AlertsPage }) {
  const { view, money, nameOf, reasons, remove, pricesKeys } = page;
  return (
    <section className="card al-card" aria-labelledby="al-list-h">
      <div className="card__head">
        <h2 id="al-list-h" className="card__title">
          Alerts <span className="al-count">{view.alerts.length}</span>
        </h2>
        <span className="field__hint">
          New alert: press <kbd className="kbd">A</kbd> on a row in Prices, or <strong>Alert…</strong> in an item’s
          details.
        </span>
      </div>
      {!view.ready ? (
        <p className="al-muted">Reading your alerts…</p>
      ) : view.alerts.length === 0 ? (
        <div className="empty-state al-empty" data-testid="alerts-empty">
          <p className="empty-state__title">No alerts yet</p>
          <p className="empty-state__text">
            Press <kbd className="kbd">A</kbd> on a row in Prices (or in your watchlist), or <strong>Alert…</strong> in
            an item’s details: the ask below or the bid above a price, the spread above a margin, or a change of more
            than N % within a window.
          </p>
          <a className="btn btn--small" href={routeHref('prices')}>
            Go to Prices <kbd className="kbd">{pricesKeys}</kbd>
          </a>
        </div>
      ) : (
        <div className="al-scroll">
          <table className="al-table" data-testid="alerts-table">
            <thead>
              <tr>
                <th scope="col" className="al-narrow">
                  On
                </th>
                <th scope="col">Item</th>
                <th scope="col">Condition</th>
                <th scope="col" className="al-numcol">
                  Now
                </th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.alerts.map((a) => (
                <AlertRow
                  key={a.id}
                  alert={a}
                  state={view.states.get(a.id)}
                  money={money}
                  nameOf={nameOf}
                  reasons={reasons.get(reasonsKey(a.game, a.item))}
                  onDelete={() => void remove(a)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
