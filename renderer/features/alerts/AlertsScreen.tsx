/**
 * The Alerts page (#/alerts, Ctrl+4): every alert (on/off, edit, delete with undo, open the item) with its
 * value at the last check and where it stands (armed, waiting to re-arm, cooling down, no price), the
 * recommendations' unstable reasons of its item, the history of firings, and the desktop notification
 * switch (web: the browser asks on the button press; desktop: always on).
 */
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { GAMES, gameName } from '../../../shared/catalog/games';
import type { NotifyPermission } from '../../../shared/alerts/notify';
import { formatMoney, formatPercent, type MoneyFormat } from '../../../shared/money/money';
import { useConnection } from '../../platform/connection';
import { refreshIntervalLabel, APP_PREFERENCES, useMoneyFormat, usePref } from '../../lib/preferences';
import { routeHref } from '../../lib/route';
import { usePages } from '../../lib/pages';
import { planMarkets, GRID_PREFS } from '../../market/prefs';
import { reasonText } from '../../market/recommendations/reasons';
import { UndoButton, type UndoNote } from './UndoNote';
import { openAlertTarget } from './AlertsWatcher';
import { openAlertEditor } from '../../requests/alert-editor';
import { ALERT_PREFS, reasonsKey, useAlerts, useUnstableReasons, type ReasonsState } from './hooks';
import { conditionText, durationText, firingQuoteText, marketText, rearmText, valueText } from './model/describe';
import { ANY_MARKET, type Alert, type AlertState, type Firing, type RouteFiringRecord } from './model/types';
import { alertsRuntime } from './alert-checks';
import './alerts.css';
import { QUERY_KEYS } from '../../market/query-keys';
import { refreshPrices } from '../../market/engine/MarketEngineProvider';

function timeText(at: number): string {
  const d = new Date(at);
  const today = new Date();
  const sameDay = d.toDateString() === today.toDateString();
  return sameDay ? d.toLocaleTimeString() : d.toLocaleString();
}

function shortGame(game: number): string {
  return GAMES.find((g) => g.id === game)?.short ?? gameName(game);
}

/** Market names from the user's market list (any game: the names don't depend on it). */
function useNameOf(): (slug: string) => string {
  const [list] = usePref(GRID_PREFS.markets);
  return useMemo(() => planMarkets(list, null, 730).nameOf, [list]);
}

export function AlertsScreen() {
  const pricesKeys = usePages().pages.find((p) => p.route === 'prices')?.shortcut.keys;
  const view = useAlerts();
  const money = useMoneyFormat();
  const nameOf = useNameOf();
  const [seenAt, setSeenAt] = usePref(ALERT_PREFS.seenAt);
  const [interval] = usePref(APP_PREFERENCES.refreshIntervalSeconds);
  const fetching = useIsFetching({ queryKey: [QUERY_KEYS.prices] }) > 0;
  const [confirmClear, setConfirmClear] = useState(false);
  const [note, setNote] = useState<UndoNote | null>(null);

  // Seen: the tab's count of new firings goes back to zero while this page is open.
  const newest = view.firings[0]?.at ?? 0;
  useEffect(() => {
    if (newest > seenAt) setSeenAt(newest);
  }, [newest, seenAt, setSeenAt]);

  const items = useMemo(() => {
    const seen = new Set<string>();
    const out: Array<{ game: number; item: string }> = [];
    for (const a of view.alerts) {
      const k = reasonsKey(a.game, a.item);
      if (!seen.has(k)) {
        seen.add(k);
        out.push({ game: a.game, item: a.item });
      }
    }
    return out;
  }, [view.alerts]);
  const reasons = useUnstableReasons(items);

  const remove = async (a: Alert) => {
    const removed = await alertsRuntime()
      .remove(a.id)
      .catch(() => null);
    if (removed)
      setNote({ text: `Deleted the alert on ${a.item}.`, undo: () => void alertsRuntime().restore(removed) });
  };

  const enabledCount = view.alerts.filter((a) => a.enabled).length;

  return (
    <div className="page al-page" data-testid="alerts-screen">
      <div className="page__head al-head">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          Alerts
        </h1>
        <span className="page__subtitle">
          {view.alerts.length === 0
            ? 'Checked on every price refresh'
            : `${enabledCount} of ${view.alerts.length} on · checked on every price refresh (${refreshIntervalLabel(interval).toLowerCase()})`}
          {view.alerts.length > 0 && !view.checking ? ' in the other Market Desk tab' : ''}
        </span>
        <span className="al-spacer" />
        <NotificationSwitch />
        <button
          type="button"
          className="btn btn--small"
          disabled={fetching || enabledCount === 0}
          title="Load prices now and check every alert"
          onClick={() => void refreshPrices()}
        >
          {fetching ? 'Checking…' : 'Check now'}
        </button>
      </div>

      {view.problem ? (
        <p className="al-problem" role="alert">
          {view.problem}
        </p>
      ) : null}
      {view.invalid > 0 ? (
        <p className="al-problem is-info">
          {view.invalid} saved {view.invalid === 1 ? 'record' : 'records'} could not be read (from another version?) and{' '}
          {view.invalid === 1 ? 'is' : 'are'} left out.
        </p>
      ) : null}
      {note ? (
        <p className="al-problem is-info" role="status">
          {note.text} <UndoButton note={note} onDone={() => setNote(null)} />
        </p>
      ) : null}

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
              Press <kbd className="kbd">A</kbd> on a row in Prices (or in your watchlist), or <strong>Alert…</strong>{' '}
              in an item’s details: the ask below or the bid above a price, the spread above a margin, or a change of
              more than N % within a window.
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
            No alert has fired yet. Each firing is listed here with its time, item, market, condition and price, and
            kept across restarts.
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
    </div>
  );
}

function ItemLink({ game, item }: { game: number; item: string }) {
  return (
    <button
      type="button"
      className="al-item"
      aria-label={`Open ${item} in Prices`}
      title={`Open ${item} in Prices (${gameName(game)})`}
      onClick={() => openAlertTarget({ game, item })}
    >
      <span className="al-item__name">{item}</span>
      <span className="al-game">{shortGame(game)}</span>
    </button>
  );
}

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

const PERMISSION_TEXT: Record<NotifyPermission, string> = {
  granted: 'Desktop notifications on',
  default: 'Desktop notifications off',
  denied: 'Notifications blocked by the browser',
  unsupported: 'No desktop notifications in this browser',
};

/** Web: the permission state and the button that asks; desktop: always on (the system may still mute them). */
function NotificationSwitch() {
  const { api } = useConnection();
  const [permission, setPermission] = useState<NotifyPermission>(() => api.notificationPermission());
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    // The user may change it in the browser's site settings meanwhile.
    const onFocus = () => setPermission(api.notificationPermission());
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [api]);
  const title =
    permission === 'denied'
      ? 'Allow notifications for this page in the browser’s site settings, then come back here.'
      : api.host === 'electron'
        ? 'Shown by the operating system; its notification settings apply.'
        : undefined;
  return (
    <span className="al-notify" data-testid="notify-permission" data-permission={permission} title={title}>
      <span className={`al-dot is-${permission}`} aria-hidden="true" />
      <span>
        {api.host === 'electron' && permission === 'granted'
          ? 'Desktop notifications on (system)'
          : PERMISSION_TEXT[permission]}
      </span>
      {permission === 'default' ? (
        <button
          type="button"
          className="btn btn--small btn--primary"
          disabled={asking}
          onClick={async () => {
            setAsking(true);
            try {
              setPermission(await api.requestNotificationPermission());
            } finally {
              setAsking(false);
            }
          }}
        >
          Enable desktop notifications
        </button>
      ) : null}
    </span>
  );
}
