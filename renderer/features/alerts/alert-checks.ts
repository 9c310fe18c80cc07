/**
 * The alerts of this window: the list, their states and the history, kept in IndexedDB (store.ts) and in
 * memory for the UI (one immutable view, useSyncExternalStore), and the check run on each new price
 * snapshot (AlertsWatcher calls check()). Checks and edits run one at a time (a queue), so an edit never
 * races a check. A change alert's window starts from the local price history (model/seed.ts). Several tabs
 * share the database: one checks (a Web Lock), the others follow its writes (a BroadcastChannel), so a
 * firing is recorded and notified once. The README (Runtime) says how a check runs.
 */
import type { NotifyRequest, NotifyResult } from '../../../shared/alerts/notify';
import type { GameId } from '../../../shared/catalog/games';
import { formatMoney, type MoneyFormat } from '../../../shared/money/money';
import type { Snapshot } from '../../market/model/snapshot';
import type { FeeTable } from '../../market/model/price-arithmetic';
import { history } from '../../market/history/client';
import { reasonText } from '../../market/recommendations/reasons';
import { conditionText, marketText, valueText } from './model/describe';
import { initialState, isSilenced, step, type Observation, type WindowPoint } from './model/evaluate';
import { marksOf, observe, type MarkOf, type QuoteSettings } from './model/observe';
import {
  historyPrices,
  needsSeed,
  seedRead,
  seedWindow,
  withSeed,
  type HistorySample,
  type LoadedMarkets,
} from './model/seed';
import {
  ANY_MARKET,
  AlertSchema,
  MAX_ALERTS,
  freshState,
  newId,
  type Alert,
  type AlertState,
  type AnyFiring,
  type Firing,
  type RouteFiringRecord,
} from './model/types';
import { routeNotification, type RouteFiring } from '../../market/scanner/route-alerts';
import { isQuotaError } from '../../lib/storage/versioned-db';
import { AlertStore } from './store';
import { publishAlertList } from '../../requests/alert-list';

export interface AlertsView {
  /** The database has been read. */
  ready: boolean;
  /** Oldest first. */
  alerts: readonly Alert[];
  states: ReadonlyMap<string, AlertState>;
  /** Newest first: price alerts' firings and scanner rules' (AnyFiring.type). */
  firings: readonly AnyFiring[];
  /** The last thing that went wrong (saving, reading), for the Alerts page. */
  problem: string | null;
  /** Records in the database that could not be read (left out). */
  invalid: number;
  /** This window checks alerts (the other tabs follow it). */
  checking: boolean;
}

/** One snapshot to check against, with what the text of a notification needs. */
export interface CheckInput {
  snap: Snapshot;
  /** When the prices were loaded (ms). */
  at: number;
  /** useDataSource().sourceKey. */
  source: string;
  fees: FeeTable;
  nameOf(slug: string): string;
  money: MoneyFormat;
  /** The item's mark price in this snapshot (mark alerts); absent: the snapshot's own marks (model/observe.ts marksOf). */
  markOf?: MarkOf;
  /** The user's quote choice and stalled switch (market/trust-prefs.ts); absent: the defaults (trusted, stalled left out). */
  quotes?: QuoteSettings;
}

export interface CheckDeps {
  /** The item's unstable reasons (unstable.ts): [] stable, null unknown. */
  unstable(game: number, item: string): Promise<string[] | null>;
  notify(request: {
    title: string;
    body: string;
    target: { game: number; item: string; alertId: string };
  }): Promise<NotifyResult>;
}

/** The latest prices checked, per game: the editor shows "now" from them. */
export interface LatestPrices {
  snap: Snapshot;
  at: number;
  source: string;
  fees: FeeTable;
}

interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}
interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((e: MessageEvent) => void) | null;
  close(): void;
}

/** Reads an item's recorded series over [from, to] (history/client.ts `item`; `keys`: the series wanted). */
export type HistoryReader = (
  game: number,
  name: string,
  from: number,
  to: number,
  slots: number,
  keys: string[],
) => Promise<HistorySample>;

export interface RuntimeOptions {
  store?: AlertStore;
  /** The price history (default: the history worker). */
  history?: HistoryReader;
  /** Web Locks (null: this window always checks). */
  locks?: LockManagerLike | null;
  /** Cross-tab change notices (null: none). */
  channel?: ChannelLike | null;
}

const LOCK_NAME = 'market-desk-alerts-checker';
const CHANNEL_NAME = 'market-desk-alerts';
/** A history read that takes longer is given up (the alerts' queue must not wait on it). */
const HISTORY_TIMEOUT_MS = 5_000;

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The notification's text: the item as the title; what happened, and the instability, as the body. */
function notificationText(
  alert: Alert,
  firing: Firing,
  nameOf: (slug: string) => string,
  money: MoneyFormat,
): { title: string; body: string } {
  const c = firing.condition;
  const where =
    firing.via && !firing.via.includes('→')
      ? ` on ${nameOf(firing.via)}`
      : alert.market === ANY_MARKET
        ? ''
        : ` on ${nameOf(alert.market)}`;
  const now =
    c.kind === 'change'
      ? `${valueText(c, firing.value, money)} (now ${formatMoney(firing.price, money)}${where})`
      : `${valueText(c, firing.value, money)}${where}`;
  const lines = [`${conditionText(c, firing.net, money)}: ${now}.`];
  if (alert.market === ANY_MARKET) lines.push(`Across ${marketText(ANY_MARKET, nameOf)}.`);
  if (firing.unstable && firing.unstable.length > 0)
    lines.push(`Unstable: ${firing.unstable.map(reasonText).join(', ')}.`);
  return { title: alert.item.slice(0, 200), body: lines.join(' ').slice(0, 1000) };
}

export class AlertsRuntime {
  private view: AlertsView = {
    ready: false,
    alerts: [],
    states: new Map(),
    firings: [],
    problem: null,
    invalid: 0,
    checking: false,
  };
  private readonly listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly store: AlertStore;
  private readonly channel: ChannelLike | null;
  private readonly latestByGame = new Map<number, LatestPrices>();
  private readonly lastCheckAt = new Map<number, number>();
  private readonly checked = new WeakSet<Snapshot>();
  private releaseLock: (() => void) | null = null;
  private loaded: Promise<void> | null = null;
  private readonly readHistory: HistoryReader;
  /** Alerts whose window the history was asked for since the start (or since they were saved or turned on). */
  private readonly seedTried = new Set<string>();

  constructor(options: RuntimeOptions = {}) {
    this.store = options.store ?? new AlertStore();
    this.readHistory = options.history ?? history.item;
    this.channel = options.channel ?? null;
    if (this.channel) {
      this.channel.onmessage = () => void this.enqueue(() => this.reload());
    }
    const locks = options.locks ?? null;
    if (!locks) this.set({ checking: true });
    else {
      // Held until the window goes away; another tab waiting for it takes over then.
      void locks
        .request(LOCK_NAME, () => {
          this.set({ checking: true });
          return new Promise<void>((resolve) => {
            this.releaseLock = resolve;
          });
        })
        .catch(() => this.set({ checking: true }));
    }
  }

  // ---- the view ----

  get = (): AlertsView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private set(patch: Partial<AlertsView>): void {
    this.view = { ...this.view, ...patch };
    if (patch.alerts) publishAlertList(patch.alerts);
    for (const l of [...this.listeners]) l();
  }

  latest(game: number): LatestPrices | null {
    return this.latestByGame.get(game) ?? null;
  }

  /** Remembers prices seen elsewhere (the grid) so the editor can show "now" before any check. */
  rememberPrices(game: number, prices: LatestPrices): void {
    const cur = this.latestByGame.get(game);
    if (!cur || cur.at <= prices.at) this.latestByGame.set(game, prices);
  }

  /**
   * A change alert's window at `now` from the price history (model/seed.ts), `prior` kept where the history
   * has nothing. [] when the history has no price there; null when it could not be read.
   */
  async historyWindow(
    alert: Pick<Alert, 'item' | 'market' | 'condition' | 'net'> & { game: number },
    loaded: LoadedMarkets,
    fees: FeeTable,
    now: number,
    prior: readonly WindowPoint[] = [],
  ): Promise<WindowPoint[] | null> {
    const read = seedRead(alert, loaded, now);
    if (!read) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer')), HISTORY_TIMEOUT_MS);
    });
    try {
      const h = await Promise.race([
        this.readHistory(alert.game, alert.item, read.from, read.to, read.slots, read.keys),
        late,
      ]);
      return seedWindow(alert, historyPrices(alert, h, read.markets, fees), now, prior);
    } catch (e) {
      console.warn('Alerts: the price history could not be read for a change window', e);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  // ---- loading and the queue ----

  /** Reads the database once (later calls wait for the same read). */
  start(): Promise<void> {
    this.loaded ??= this.enqueue(() => this.reload());
    return this.loaded;
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async reload(): Promise<void> {
    try {
      const data = await this.store.load();
      this.set({ ready: true, alerts: data.alerts, states: data.states, firings: data.firings, invalid: data.invalid });
    } catch (e) {
      this.set({ ready: true, problem: `Alerts could not be read: ${messageOf(e)}` });
    }
  }

  private changed(): void {
    this.channel?.postMessage({ type: 'changed' });
  }

  private async write(what: string, job: () => Promise<void>): Promise<void> {
    try {
      await job();
      if (this.view.problem) this.set({ problem: null });
      this.changed();
    } catch (e) {
      this.set({ problem: `${what}: ${messageOf(e)}` });
      throw e;
    }
  }

  // ---- editing ----

  /**
   * Saves a new or edited alert. Its state starts from `obs` (what the editor showed): armed unless the value
   * is already past the line. An edit keeps the time of the last firing (for the cool-down). A change
   * alert's window starts from the price history, read for the markets and fees of `prices` (the editor's)
   * or else of the latest prices checked; with neither, its first check reads it.
   */
  save(
    input: Alert,
    obs: Observation | null,
    source: string | null,
    now: number = Date.now(),
    prices: { loaded: LoadedMarkets; fees: FeeTable } | null = null,
  ): Promise<Alert> {
    return this.enqueue(async () => {
      const alert = AlertSchema.parse(input);
      const isNew = !this.view.alerts.some((a) => a.id === alert.id);
      if (isNew && this.view.alerts.length >= MAX_ALERTS)
        throw new Error(`You have ${MAX_ALERTS} alerts, the most Market Desk keeps. Delete some first.`);
      const prev = this.view.states.get(alert.id);
      // A change window from the history (without markets and fees to read it with, the first check does).
      const latest = this.latestByGame.get(alert.game);
      const from =
        alert.condition.kind !== 'change'
          ? null
          : (prices ?? (latest ? { loaded: latest.snap, fees: latest.fees } : null));
      const seed = from ? await this.historyWindow(alert, from.loaded, from.fees, now) : null;
      if (from) this.seedTried.add(alert.id);
      else this.seedTried.delete(alert.id);
      const state = { ...initialState(alert, obs, now, source, seed ?? []), lastFiredAt: prev?.lastFiredAt ?? null };
      await this.write('The alert was not saved', () => this.store.putAlert(alert, state));
      const alerts = isNew
        ? [...this.view.alerts, alert]
        : this.view.alerts.map((a) => (a.id === alert.id ? alert : a));
      const states = new Map(this.view.states).set(alert.id, state);
      this.set({ alerts, states });
      return alert;
    });
  }

  /** Turns an alert on or off; turned on, it starts afresh (it does not fire on what happened while off). */
  setEnabled(id: string, enabled: boolean, now: number = Date.now()): Promise<void> {
    return this.enqueue(async () => {
      const cur = this.view.alerts.find((a) => a.id === id);
      if (!cur || cur.enabled === enabled) return;
      const alert = { ...cur, enabled, updatedAt: now };
      const prev = this.view.states.get(id);
      const state = { ...freshState(id, prev?.source ?? null), lastFiredAt: prev?.lastFiredAt ?? null };
      await this.write('The alert was not changed', () => this.store.putAlert(alert, state));
      this.seedTried.delete(id);
      this.set({
        alerts: this.view.alerts.map((a) => (a.id === id ? alert : a)),
        states: new Map(this.view.states).set(id, state),
      });
    });
  }

  /** Deletes an alert (its firings stay in the history); resolves with what restore() needs to undo it. */
  remove(id: string): Promise<{ alert: Alert; state: AlertState } | null> {
    return this.enqueue(async () => {
      const alert = this.view.alerts.find((a) => a.id === id);
      if (!alert) return null;
      const state = this.view.states.get(id) ?? freshState(id, null);
      await this.write('The alert was not deleted', () => this.store.deleteAlert(id));
      const states = new Map(this.view.states);
      states.delete(id);
      this.set({ alerts: this.view.alerts.filter((a) => a.id !== id), states });
      return { alert, state };
    });
  }

  /** Puts a deleted alert back as it was (Undo). */
  restore(removed: { alert: Alert; state: AlertState }): Promise<void> {
    return this.enqueue(async () => {
      await this.write('The alert was not restored', () => this.store.putAlert(removed.alert, removed.state));
      this.seedTried.delete(removed.alert.id);
      const alerts = [...this.view.alerts.filter((a) => a.id !== removed.alert.id), removed.alert].sort(
        (a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id),
      );
      this.set({ alerts, states: new Map(this.view.states).set(removed.alert.id, removed.state) });
    });
  }

  clearHistory(): Promise<void> {
    return this.enqueue(async () => {
      await this.write('The history was not cleared', () => this.store.clearFirings());
      this.set({ firings: [] });
    });
  }

  // ---- checking ----

  /**
   * Checks the alerts of the snapshot's game against it (once per snapshot, newer loads only) and resolves
   * with the firings it recorded. Only the checking window does anything.
   */
  check(input: CheckInput, deps: CheckDeps): Promise<Firing[]> {
    const game = input.snap.game;
    this.rememberPrices(game, { snap: input.snap, at: input.at, source: input.source, fees: input.fees });
    return this.enqueue(async () => {
      if (!this.view.ready || !this.view.checking) return [];
      if (this.checked.has(input.snap) || input.at <= (this.lastCheckAt.get(game) ?? 0)) return [];
      this.checked.add(input.snap);
      this.lastCheckAt.set(game, input.at);
      const now = input.at;
      const states = new Map(this.view.states);
      const changed: AlertState[] = [];
      const markOf = input.markOf ?? marksOf(input.snap, input.fees, input.quotes);
      const fired: Array<{ alert: Alert; state: AlertState; obs: Observation }> = [];
      for (const alert of this.view.alerts) {
        if (alert.game !== game || !alert.enabled) continue;
        let prev = states.get(alert.id) ?? freshState(alert.id, input.source);
        if (!this.seedTried.has(alert.id)) {
          this.seedTried.add(alert.id);
          if (needsSeed(alert, prev, now, input.source)) {
            const w = await this.historyWindow(
              alert,
              input.snap,
              input.fees,
              now,
              prev.source === input.source ? prev.window : [],
            );
            if (w && w.length > 0) prev = withSeed(alert, prev, w, input.source);
          }
        }
        const obs = observe(input.snap, alert, input.fees, markOf, input.quotes);
        const r = step(alert, prev, obs, now, input.source);
        states.set(alert.id, r.state);
        changed.push(r.state);
        if (r.fired) fired.push({ alert, state: r.state, obs });
      }
      if (changed.length === 0) return [];
      // Only for what fires: is the item flagged unstable (say so; stay silent if the alert asks)?
      const firings: Firing[] = [];
      for (const f of fired) {
        const unstable = await deps.unstable(game, f.alert.item).catch(() => null);
        const silenced = isSilenced(f.alert, unstable);
        firings.push({
          type: 'price',
          id: newId(),
          alertId: f.alert.id,
          at: now,
          game: f.alert.game,
          item: f.alert.item,
          market: f.alert.market,
          via: f.obs.market,
          condition: f.alert.condition,
          net: f.alert.net,
          value: f.state.lastValue ?? 0,
          price: f.obs.price,
          quote: { market: f.obs.market, price: f.obs.price, changedAt: f.obs.changedAt ?? null },
          unstable,
          silenced,
          notified: silenced ? 'silenced' : 'not-shown',
          note: null,
        });
      }
      let dropped: string[];
      try {
        dropped = await this.store.saveCheck(changed, firings);
        if (this.view.problem) this.set({ problem: null });
      } catch (e) {
        // Nothing of this check is kept, in memory either: the states stay as the disk has them, so the alert
        // fires again at the next check and is notified once that firing is saved (not now, and again after
        // a restart, as a notification of a firing that was never saved would be).
        const full = isQuotaError(e) ? ' (the disk, or the browser storage Market Desk may use, is full)' : '';
        this.set({
          problem: `The last check could not be saved${full}: ${messageOf(e)}. ${firings.length > 0 ? 'Its alerts were not notified; they' : 'The alerts'} are checked again at the next refresh.`,
        });
        return [];
      }
      // Alerts edited or deleted meanwhile are not in this queue's way (edits wait for the check), so the
      // in-memory states can be replaced as computed.
      const gone = new Set(dropped);
      const history = [...firings.slice().reverse(), ...this.view.firings].filter((f) => !gone.has(f.id));
      this.set({ states, firings: history });
      if (firings.length > 0 || changed.length > 0) this.changed();
      // The notifications, after the firings are safe on disk.
      for (const firing of firings) {
        if (firing.silenced) continue;
        const alert = fired.find((f) => f.alert.id === firing.alertId)?.alert;
        if (!alert) continue;
        const text = notificationText(alert, firing, input.nameOf, input.money);
        await this.notifyFiring(firing, { ...text, target: { game, item: alert.item, alertId: alert.id } }, deps);
      }
      return firings;
    });
  }

  /**
   * Records a scanner rule's firings (market/scanner/route-alerts.ts) in the history, then notifies each one
   * through the same path as a price alert's; only the checking window does (the others follow its writes).
   * Resolves with the records kept; a failed save keeps nothing and notifies nothing (said on the Alerts page).
   */
  recordRouteFirings(
    game: GameId,
    found: readonly RouteFiring[],
    text: { nameOf(slug: string): string; money: MoneyFormat },
    deps: Pick<CheckDeps, 'notify'>,
  ): Promise<RouteFiringRecord[]> {
    return this.enqueue(async () => {
      if (!this.view.ready || !this.view.checking || found.length === 0) return [];
      const records: RouteFiringRecord[] = found.map((f) => ({
        type: 'route',
        id: newId(),
        alertId: f.ruleId,
        at: f.at,
        game,
        item: f.item,
        route: {
          ruleName: f.ruleName,
          buyMarket: f.buyMarket,
          buyPrice: f.buyPrice,
          sellMarket: f.sellMarket,
          sellPrice: f.sellPrice,
          profit: f.profit,
          roi: Number.isFinite(f.roi) ? f.roi : null,
          polls: f.polls,
          since: f.since,
        },
        silenced: false,
        notified: 'not-shown',
        note: null,
      }));
      let dropped: string[];
      try {
        dropped = await this.store.saveCheck([], records);
        if (this.view.problem) this.set({ problem: null });
      } catch (e) {
        const full = isQuotaError(e) ? ' (the disk, or the browser storage Market Desk may use, is full)' : '';
        this.set({
          problem: `A scanner rule's alert could not be saved${full}: ${messageOf(e)}. It was not notified.`,
        });
        return [];
      }
      const gone = new Set(dropped);
      this.set({ firings: [...records.slice().reverse(), ...this.view.firings].filter((f) => !gone.has(f.id)) });
      this.changed();
      const money = (v: number) => formatMoney(v, text.money);
      for (let k = 0; k < records.length; k++)
        await this.notifyFiring(records[k]!, routeNotification(found[k]!, game, text.nameOf, money), deps);
      return records;
    });
  }

  /** Shows a firing's notification (after it is saved) and keeps what became of it in the history. */
  private async notifyFiring(
    firing: AnyFiring,
    request: NotifyRequest,
    deps: Pick<CheckDeps, 'notify'>,
  ): Promise<void> {
    let result: NotifyResult;
    try {
      result = await deps.notify(request);
    } catch (e) {
      result = { shown: false, reason: messageOf(e).slice(0, 300) };
    }
    const updated: AnyFiring = {
      ...firing,
      notified: result.shown ? 'shown' : 'not-shown',
      note: result.shown ? null : (result.reason ?? null),
    };
    this.set({ firings: this.view.firings.map((x) => (x.id === updated.id ? updated : x)) });
    await this.store.putFiring(updated).catch(() => undefined);
  }

  dispose(): void {
    this.releaseLock?.();
    this.releaseLock = null;
    this.channel?.close();
  }
}

let shared: AlertsRuntime | null = null;

/** The window's runtime (created on first use, reading the database at once). */
export function alertsRuntime(): AlertsRuntime {
  if (!shared) {
    const nav = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManagerLike }) : null;
    shared = new AlertsRuntime({
      locks: nav?.locks ?? null,
      channel: typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null,
    });
    void shared.start();
  }
  return shared;
}
