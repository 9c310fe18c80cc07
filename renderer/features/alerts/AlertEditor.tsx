/**
 * The alert editor: a modal dialog for a new alert on an item or an edit of one. It shows the item's prices
 * now (from the prices its opener shows, or the last the alerts checked), what the condition means there
 * (already past the line? when does it re-arm?; for a change, the change so far within the window, from the
 * local price history), and the recommendations' unstable reasons. Enter saves,
 * Esc cancels; a value that makes no sense keeps the dialog open with a message at the field, and nothing
 * typed is lost.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { GAMES, gameName } from '../../../shared/catalog/games';
import { formatMoney, type MoneyFormat } from '../../../shared/money/money';
import { useMoneyFormat, usePref } from '../../lib/preferences';
import { useDataSource } from '../../market/providers';
import type { Snapshot } from '../../market/model/snapshot';
import type { FeeTable } from '../../market/model/price-arithmetic';
import { GRID_PREFS, readFees, useMarketPlan } from '../../market/prefs';
import { reasonText } from '../../market/recommendations/reasons';
import { closeAlertEditor, restoreEditorFocus, useEditorRequest, type EditorRequest } from './editor-state';
import { reasonsKey, useAlerts, useUnstableReasons } from './hooks';
import { conditionText, durationText, marketText, rearmText, valueText } from './model/describe';
import { draftOf, isPercentKind, newDraft, parseCondition, parseDraft, type Draft, type DraftErrors, type DraftField } from './model/draft';
import { changeAt, isPast, type Observation } from './model/evaluate';
import { bestAsk, bestBid, observe } from './model/observe';
import { ANY_MARKET, CHANGE_WINDOWS, COOLDOWNS, newId, type Alert, type AlertKind, type Condition } from './model/types';
import { alertsRuntime } from './runtime';
import './alerts.css';

const KIND_LABEL: Record<AlertKind, string> = {
  'ask-below': 'Ask below',
  'bid-above': 'Bid above',
  'spread-above': 'Spread above',
  change: 'Change',
};

/** A short note after a change (saved, deleted), with how to take the change back if it can be. */
export interface UndoNote {
  text: string;
  undo?: () => void;
}

/** The note's Undo button (none when the change can't be taken back); it takes the change back and clears the note. */
export function UndoButton({ note, onDone }: { note: UndoNote; onDone: () => void }) {
  if (!note.undo) return null;
  return (
    <button
      type="button"
      className="btn btn--small"
      onClick={() => {
        note.undo?.();
        onDone();
      }}
    >
      Undo
    </button>
  );
}

/** Shows the editor when one is requested (mounted once, in the app frame), and a note after a save. */
export function AlertEditorHost() {
  const request = useEditorRequest();
  const [note, setNote] = useState<UndoNote | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const say = (text: string, undo?: () => void) => {
    setNote({ text, undo });
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setNote(null), 6000);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <>
      {request ? <AlertEditor key={request.mode === 'new' ? `new:${request.game}:${request.item}` : `edit:${request.alertId}`} request={request} onDone={say} /> : null}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="alerts-announce">
        {note?.text ?? ''}
      </div>
      {note ? (
        <div className="al-toast" data-testid="alerts-toast">
          <span>{note.text}</span>
          <UndoButton note={note} onDone={() => setNote(null)} />
        </div>
      ) : null}
    </>
  );
}

interface NowPrices {
  snap: Snapshot | null;
  fees: FeeTable;
  ask: { price: number; market: string } | null;
  bid: { price: number; market: string } | null;
}

function useNow(game: number, item: string, snap: Snapshot | null | undefined, net: boolean): NowPrices {
  const latest = alertsRuntime().latest(game);
  const s = snap && snap.game === game ? snap : (latest?.snap ?? null);
  const fees = latest?.fees ?? readFees(game);
  return useMemo(() => {
    const i = s ? s.indexOfName(item) : -1;
    if (!s || i < 0) return { snap: s, fees, ask: null, bid: null };
    return { snap: s, fees, ask: bestAsk(s, i, ANY_MARKET, fees, net), bid: bestBid(s, i, ANY_MARKET, fees, net) };
  }, [s, item, fees, net]);
}

type ChangeCondition = Extract<Condition, { kind: 'change' }>;

/** The draft's change condition with a placeholder threshold (the window, direction and side are what count). */
function changeProbe(draft: Draft): ChangeCondition {
  return { kind: 'change', percent: 1, windowMs: draft.windowMs, direction: draft.direction, side: draft.side };
}

/** The change so far from the price history, and since when the history has it when that is within the window. */
interface HistoryChange {
  value: number;
  since: number | null;
}

/**
 * The change so far within the draft's window at the price now, from the local price history (the window a
 * saved alert starts from); null while it is read, or when the history has nothing there.
 */
function useHistoryChange(game: number, item: string, draft: Draft, price: number | null, now: NowPrices): HistoryChange | null {
  const [result, setResult] = useState<{ key: string; change: HistoryChange | null } | null>(null);
  const { kind, market, net, windowMs, direction, side } = draft;
  const { snap, fees } = now;
  const key = kind === 'change' && snap && price !== null ? [game, item, market, net, windowMs, direction, side, price].join('|') : null;
  useEffect(() => {
    if (key === null || !snap || price === null) return;
    const c: ChangeCondition = { kind: 'change', percent: 1, windowMs, direction, side };
    const at = Date.now();
    let live = true;
    void alertsRuntime()
      .historyWindow({ game, item, market, condition: c, net }, snap, fees, at)
      .then((w) => {
        if (!live) return;
        const value = w && w.length > 0 ? changeAt(c, w, at, price).value : null;
        const first = w?.[0]?.[0] ?? at;
        setResult({ key, change: value === null ? null : { value, since: first > at - windowMs ? first : null } });
      });
    return () => {
      live = false;
    };
  }, [key, game, item, market, net, windowMs, direction, side, snap, fees, price]);
  return result?.key === key ? result.change : null;
}

function AlertEditor({ request, onDone }: { request: EditorRequest; onDone: (text: string, undo?: () => void) => void }) {
  const view = useAlerts();
  const existing = request.mode === 'edit' ? (view.alerts.find((a) => a.id === request.alertId) ?? null) : null;
  const game = request.mode === 'new' ? request.game : (existing?.game ?? 0);
  const item = request.mode === 'new' ? request.item : (existing?.item ?? '');
  const [gridNet] = usePref(GRID_PREFS.net);
  const money = useMoneyFormat();
  const { sourceKey } = useDataSource();
  const plan = useMarketPlan(game);
  const baseNow = useNow(game, item, request.mode === 'new' ? request.snap : null, existing?.net ?? gridNet);
  const [draft, setDraft] = useState<Draft>(() =>
    existing ? draftOf(existing, { ask: baseNow.ask?.price ?? null, bid: baseNow.bid?.price ?? null }) : newDraft({ ask: baseNow.ask?.price ?? null, bid: baseNow.bid?.price ?? null }, gridNet),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const firstRef = useRef<HTMLInputElement | null>(null);
  const id = useId();
  const reasons = useUnstableReasons(useMemo(() => (item ? [{ game, item }] : []), [game, item]));
  const unstable = reasons.get(reasonsKey(game, item));

  useEffect(() => {
    const d = dialogRef.current;
    if (d && !d.open) d.showModal();
    const first = firstRef.current;
    first?.focus();
    first?.select();
    return () => {
      d?.close();
      restoreEditorFocus();
    };
  }, []);

  // The alert was deleted elsewhere while editing.
  const gone = request.mode === 'edit' && view.ready && !existing;

  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    if (k in errors) setErrors((e) => ({ ...e, [k as DraftField]: undefined }));
  };

  const side = draft.kind === 'ask-below' ? 'ask' : draft.kind === 'bid-above' ? 'bid' : draft.kind === 'change' ? draft.side : 'both';
  const marketChoices = useMemo(() => {
    const list = side === 'ask' ? plan.askMarkets : side === 'bid' ? plan.bidMarkets : plan.askMarkets.filter((s) => plan.bidMarkets.includes(s));
    const out = list.map((slug) => ({ slug, label: plan.nameOf(slug) }));
    if (draft.market !== ANY_MARKET && !list.includes(draft.market)) out.push({ slug: draft.market, label: `${plan.nameOf(draft.market)} (not among your markets)` });
    return out;
  }, [side, plan, draft.market]);

  // What the condition means now, on the prices shown.
  const parsedCondition = parseCondition(draft).condition;
  const obs: Observation | null = useMemo(() => {
    if (!baseNow.snap) return null;
    const probe = parsedCondition ?? (draft.kind === 'change' ? changeProbe(draft) : null);
    if (!probe) return null;
    return observe(baseNow.snap, { item, market: draft.market, condition: probe, net: draft.net }, baseNow.fees);
    // parsedCondition is rebuilt every render; its JSON is its identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [baseNow, item, draft.market, draft.net, draft.kind, draft.windowMs, draft.direction, draft.side, JSON.stringify(parsedCondition)]);

  const historyChange = useHistoryChange(game, item, draft, obs?.value ?? null, baseNow);

  const save = async () => {
    const now = Date.now();
    const parsed = parseDraft(draft, {
      id: existing?.id ?? newId(),
      game,
      item,
      createdAt: existing?.createdAt ?? now,
      now,
      markets: marketChoices.map((m) => m.slug),
    });
    setErrors(parsed.errors);
    setFailure(null);
    if (!parsed.alert) {
      // Focus the first field that needs fixing.
      const first = (['market', 'askPrice', 'bidPrice', 'spreadValue', 'changePercent', 'hystValue'] as const).find((f) => parsed.errors[f]);
      if (first) dialogRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await alertsRuntime().save(parsed.alert, obs, sourceKey, now, baseNow.snap ? { loaded: baseNow.snap, fees: baseNow.fees } : null);
      closeAlertEditor();
      onDone(`${existing ? 'Alert saved' : 'Alert created'}: ${describeAlert(saved, plan.nameOf, money)}`);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!existing) return;
    try {
      const removed = await alertsRuntime().remove(existing.id);
      closeAlertEditor();
      if (removed) onDone(`Deleted the alert on ${existing.item}`, () => void alertsRuntime().restore(removed));
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  };

  const title = existing ? 'Edit alert' : 'New alert';
  const field = (name: DraftField) => ({
    'data-field': name,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-err` : undefined,
  });
  const err = (name: DraftField): ReactNode =>
    errors[name] ? (
      <p id={`${id}-${name}-err`} className="field__error" role="alert">
        {errors[name]}
      </p>
    ) : null;
  const unitHint = isPercentKind(draft) ? 'points' : money.symbol || 'amount';

  return (
    <dialog
      ref={dialogRef}
      className="dialog al-dialog"
      aria-labelledby={`${id}-title`}
      data-testid="alert-editor"
      onCancel={(e) => {
        e.preventDefault();
        closeAlertEditor();
      }}
    >
      <form
        className="al-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <header className="al-form__head">
          <div>
            <h2 id={`${id}-title`} className="al-form__title">
              {title}
            </h2>
            <p className="al-form__item" title={item}>
              {item} <span className="al-muted">· {GAMES.find((g) => g.id === game)?.short ?? gameName(game)}</span>
            </p>
          </div>
          <button type="button" className="btn btn--small btn--ghost" aria-label="Close" onClick={closeAlertEditor}>
            ✕
          </button>
        </header>

        {gone ? <p className="al-form__problem">This alert was deleted meanwhile. Close the dialog.</p> : null}

        <p className="al-now" data-testid="alert-editor-now">
          {baseNow.snap ? (
            baseNow.ask || baseNow.bid ? (
              <>
                Now{draft.net ? ' (net of fees)' : ''}: best ask <strong>{formatMoney(baseNow.ask?.price ?? null, money)}</strong>
                {baseNow.ask ? ` on ${plan.nameOf(baseNow.ask.market)}` : ''} · best bid <strong>{formatMoney(baseNow.bid?.price ?? null, money)}</strong>
                {baseNow.bid ? ` on ${plan.nameOf(baseNow.bid.market)}` : ''}
              </>
            ) : (
              'No price for this item on your markets right now.'
            )
          ) : (
            'No prices loaded for this game yet: the alert is checked from the next load on.'
          )}
        </p>

        <fieldset className="field field--fieldset">
          <legend className="field__label">When</legend>
          <div className="segmented segmented--form al-kinds">
            {(Object.keys(KIND_LABEL) as AlertKind[]).map((k) => (
              <label key={k} className="segmented__item segmented__item--radio">
                <input type="radio" name={`${id}-kind`} value={k} checked={draft.kind === k} onChange={() => set('kind', k)} />
                <span>{KIND_LABEL[k]}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="al-row">
          {draft.kind === 'ask-below' || draft.kind === 'bid-above' ? (
            <div className="field al-grow">
              <label className="field__label" htmlFor={`${id}-price`}>
                {draft.kind === 'ask-below' ? 'Ask below' : 'Bid above'} ({money.symbol || 'price'})
              </label>
              <input
                id={`${id}-price`}
                ref={firstRef}
                className="input al-num"
                inputMode="decimal"
                autoComplete="off"
                spellCheck={false}
                value={draft.kind === 'ask-below' ? draft.askPrice : draft.bidPrice}
                onChange={(e) => set(draft.kind === 'ask-below' ? 'askPrice' : 'bidPrice', e.target.value)}
                {...field(draft.kind === 'ask-below' ? 'askPrice' : 'bidPrice')}
              />
              {err(draft.kind === 'ask-below' ? 'askPrice' : 'bidPrice')}
            </div>
          ) : draft.kind === 'spread-above' ? (
            <div className="field al-grow">
              <label className="field__label" htmlFor={`${id}-spread`}>
                Spread (best bid − best ask) above
              </label>
              <div className="al-inline">
                <input
                  id={`${id}-spread`}
                  ref={firstRef}
                  className="input al-num"
                  inputMode="decimal"
                  autoComplete="off"
                  spellCheck={false}
                  value={draft.spreadValue}
                  onChange={(e) => set('spreadValue', e.target.value)}
                  {...field('spreadValue')}
                />
                <select className="input select al-unit" aria-label="Spread unit" value={draft.spreadUnit} onChange={(e) => set('spreadUnit', e.target.value === 'percent' ? 'percent' : 'money')}>
                  <option value="money">{money.symbol || 'amount'}</option>
                  <option value="percent">% of the ask</option>
                </select>
              </div>
              {err('spreadValue')}
            </div>
          ) : (
            <div className="field al-grow">
              <label className="field__label" htmlFor={`${id}-change`}>
                Change of more than (%)
              </label>
              <div className="al-inline">
                <input
                  id={`${id}-change`}
                  ref={firstRef}
                  className="input al-num"
                  inputMode="decimal"
                  autoComplete="off"
                  spellCheck={false}
                  value={draft.changePercent}
                  onChange={(e) => set('changePercent', e.target.value)}
                  {...field('changePercent')}
                />
                <select className="input select" aria-label="Within" value={draft.windowMs} onChange={(e) => set('windowMs', Number(e.target.value))}>
                  {CHANGE_WINDOWS.map((w) => (
                    <option key={w} value={w}>
                      within {durationText(w)}
                    </option>
                  ))}
                </select>
                <select className="input select" aria-label="Direction" value={draft.direction} onChange={(e) => set('direction', e.target.value as Draft['direction'])}>
                  <option value="either">up or down</option>
                  <option value="up">up</option>
                  <option value="down">down</option>
                </select>
                <select className="input select" aria-label="Price" value={draft.side} onChange={(e) => set('side', e.target.value === 'bid' ? 'bid' : 'ask')}>
                  <option value="ask">of the ask</option>
                  <option value="bid">of the bid</option>
                </select>
              </div>
              {err('changePercent')}
            </div>
          )}
          <div className="field al-market">
            <label className="field__label" htmlFor={`${id}-market`}>
              Market
            </label>
            <select id={`${id}-market`} className="input select" value={draft.market} onChange={(e) => set('market', e.target.value)} {...field('market')}>
              <option value={ANY_MARKET}>Any of my markets (best)</option>
              {marketChoices.map((m) => (
                <option key={m.slug} value={m.slug}>
                  {m.label}
                </option>
              ))}
            </select>
            {err('market')}
          </div>
        </div>

        <ConditionNow draft={draft} obs={obs} parsed={parsedCondition} money={money} nameOf={plan.nameOf} existing={existing} state={existing ? view.states.get(existing.id) : undefined} historyChange={historyChange} />

        <fieldset className="al-box">
          <legend className="field__label">Noise</legend>
          <div className="al-row">
            <div className="field al-grow">
              <label className="field__label" htmlFor={`${id}-hyst`}>
                Re-arm after moving back by
              </label>
              <div className="al-inline">
                <input id={`${id}-hyst`} className="input al-num al-short" inputMode="decimal" autoComplete="off" value={draft.hystValue} onChange={(e) => set('hystValue', e.target.value)} {...field('hystValue')} />
                <select className="input select" aria-label="Hysteresis unit" value={draft.hystUnit} onChange={(e) => set('hystUnit', e.target.value === 'amount' ? 'amount' : 'percent')}>
                  <option value="percent">% of the threshold</option>
                  <option value="amount">{unitHint}</option>
                </select>
              </div>
              {err('hystValue')}
            </div>
            <div className="field al-market">
              <label className="field__label" htmlFor={`${id}-cool`}>
                Cool-down
              </label>
              <select id={`${id}-cool`} className="input select" value={draft.cooldownMs} onChange={(e) => set('cooldownMs', Number(e.target.value))}>
                {COOLDOWNS.map((c) => (
                  <option key={c} value={c}>
                    {c === 0 ? 'None' : durationText(c)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="field__hint">
            {(() => {
              const p = parseDraft(draft, { id: 'x', game, item, createdAt: 0, now: 0, markets: [draft.market] });
              return p.alert ? `It re-arms when ${rearmText(p.alert, money)}` : 'Fix the values above to see when it re-arms';
            })()}
            {draft.cooldownMs > 0 ? `, and fires at most once every ${durationText(draft.cooldownMs)}.` : '; no cool-down.'}
          </p>
        </fieldset>

        <div className="al-checks">
          <label className="check">
            <input type="checkbox" checked={draft.net} onChange={(e) => set('net', e.target.checked)} /> Net of fees
          </label>
          <label className="check">
            <input type="checkbox" checked={draft.silent} onChange={(e) => set('silent', e.target.checked)} /> Stay silent while the item is flagged unstable
          </label>
          {existing ? (
            <label className="check">
              <input type="checkbox" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} /> Enabled
            </label>
          ) : null}
        </div>
        <p className="al-unstable" data-testid="alert-editor-unstable">
          {!unstable || unstable.status === 'loading' ? (
            <span className="al-muted">Checking the recommendations for stability…</span>
          ) : unstable.reasons === null ? (
            <span className="al-muted">Stability unknown: the recommendations have no entry for this item.</span>
          ) : unstable.reasons.length === 0 ? (
            <span className="al-muted">The recommendations flag nothing: stable.</span>
          ) : (
            <span className="al-chip is-warn">unstable: {unstable.reasons.map(reasonText).join(', ')}</span>
          )}
        </p>

        {failure ? (
          <p className="al-form__problem" role="alert">
            {failure}
          </p>
        ) : null}

        <footer className="al-form__foot">
          {existing ? (
            <button type="button" className="btn btn--danger" onClick={() => void remove()}>
              Delete
            </button>
          ) : null}
          <span className="al-spacer" />
          <button type="button" className="btn" onClick={closeAlertEditor}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={saving || gone}>
            {existing ? 'Save alert' : 'Create alert'}
          </button>
        </footer>
      </form>
    </dialog>
  );
}

export function describeAlert(a: Alert, nameOf: (slug: string) => string, money: MoneyFormat): string {
  return `${conditionText(a.condition, a.net, money)} on ${marketText(a.market, nameOf)}`;
}

/** The condition against the prices now: the value, and whether it is already past the line. */
function ConditionNow(props: {
  draft: Draft;
  obs: Observation | null;
  parsed: ReturnType<typeof parseCondition>['condition'];
  money: MoneyFormat;
  nameOf(slug: string): string;
  existing: Alert | null;
  state: { lastValue: number | null } | undefined;
  /** The change so far from the price history (useHistoryChange). */
  historyChange: HistoryChange | null;
}) {
  const { draft, obs, parsed, money, nameOf } = props;
  if (!obs) return null;
  if (obs.missing === 'item') return <p className="al-status">This item is not in the latest prices for your markets.</p>;
  if (obs.missing === 'market') return <p className="al-status is-warn">That market is not among the markets you load for this game (Markets, on the Prices page).</p>;
  if (obs.value === null) return <p className="al-status">No price there right now: the alert waits for one.</p>;
  const on = obs.market && !obs.market.includes('→') ? ` on ${nameOf(obs.market)}` : '';
  if (draft.kind === 'change') {
    const h = props.historyChange;
    const v = h?.value ?? (props.existing && props.existing.condition.kind === 'change' ? (props.state?.lastValue ?? null) : null);
    const since = h?.since ? ` (recorded since ${new Date(h.since).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })})` : '';
    return (
      <p className="al-status" data-testid="alert-editor-change">
        Price now {formatMoney(obs.price, money)}
        {on}. {v !== null ? `Change within the last ${durationText(draft.windowMs)} so far: ${valueText(changeProbe(draft), v, money)}${since}. ` : ''}
        The change is measured from the prices Market Desk has recorded in its price history and sees as they come in.
      </p>
    );
  }
  if (!parsed) return <p className="al-status">Now {draft.kind === 'spread-above' ? 'the spread is' : ''} {valueText(draft.kind === 'spread-above' ? { kind: 'spread-above', unit: draft.spreadUnit, value: 0 } : { kind: 'ask-below', price: 1 }, obs.value, money)}{on}.</p>;
  const past = isPast(parsed, obs.value);
  return (
    <p className={`al-status${past ? ' is-warn' : ''}`} data-testid="alert-editor-status">
      Now {valueText(parsed, obs.value, money)}
      {on}.{' '}
      {past
        ? `Already ${parsed.kind === 'ask-below' ? 'below' : 'above'} the line: the alert does not fire for that; it fires after the value goes back and crosses again.`
        : 'The alert fires when it crosses the line.'}
    </p>
  );
}
