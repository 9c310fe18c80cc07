/**
 * The rule editor: which rule (ready-made or saved), how it buys and sells, the markets allowed on each
 * side, and every limit. Edits apply to the live routes at once; Save keeps them (a ready-made rule is
 * saved as a copy of the user's).
 */
import { useId, type ReactNode } from 'react';
import { formatMoneyExact, parseMoney } from '../../../shared/money/money';
import { MAX_ALERT_POLLS } from '../../market/scanner/route-alerts';
import { ruleProblems, type LockedChoice, type ScanLimits, type ScanRule } from '../../market/scanner/rules';

/** The polls an alert waits for when first turned on: a route seen twice in a row is not a one-poll blip. */
const DEFAULT_ALERT_POLLS = 2;

export interface RuleEditorProps {
  rules: readonly ScanRule[];
  draft: ScanRule;
  setDraft(rule: ScanRule): void;
  onPick(id: string): void;
  onSave(): void;
  onDelete: (() => void) | null;
  dirty: boolean;
  markets: readonly string[];
  nameOf(slug: string): string;
  symbol: string;
}

function Field({ label, children, hint, wide }: { label: string; children: ReactNode; hint?: string; wide?: boolean }) {
  return (
    <label className={`sc-field${wide ? ' sc-field--name' : ''}`} title={hint}>
      <span className="sc-field__label">{label}</span>
      {children}
    </label>
  );
}

function MarketsField({
  label,
  value,
  markets,
  nameOf,
  onChange,
}: {
  label: string;
  value: readonly string[] | null;
  markets: readonly string[];
  nameOf(s: string): string;
  onChange(v: string[] | null): void;
}) {
  const id = useId();
  return (
    <fieldset className="sc-markets">
      <legend>{label}</legend>
      <label>
        <input
          type="checkbox"
          checked={value === null}
          onChange={(e) => onChange(e.target.checked ? null : [...markets])}
        />{' '}
        every market
      </label>
      {value !== null ? (
        <select
          id={id}
          multiple
          aria-label={`${label}: markets`}
          size={Math.min(6, Math.max(2, markets.length))}
          value={[...value]}
          onChange={(e) => onChange([...e.target.selectedOptions].map((o) => o.value))}
        >
          {markets.map((s) => (
            <option key={s} value={s}>
              {nameOf(s)}
            </option>
          ))}
        </select>
      ) : null}
    </fieldset>
  );
}

/** A saved rule's alert: a notification (and a line in the Alerts history) once a route has persisted N polls. */
function AlertField({ draft, setDraft }: Pick<RuleEditorProps, 'draft' | 'setDraft'>) {
  const polls = draft.alert?.polls ?? DEFAULT_ALERT_POLLS;
  const set = (on: boolean, n: number) =>
    setDraft({ ...draft, alert: on ? { polls: Math.min(MAX_ALERT_POLLS, Math.max(1, n)) } : null });
  return (
    <span
      className="sc-check"
      title="Saved rules alert on every poll, whatever page is open; the notification goes the price alerts' way and the Alerts history lists it"
    >
      <label>
        <input
          type="checkbox"
          checked={!!draft.alert}
          onChange={(e) => set(e.target.checked, polls)}
          data-testid="scanner-alert"
        />{' '}
        Alert when a route has persisted
      </label>{' '}
      <input
        type="number"
        min={1}
        max={MAX_ALERT_POLLS}
        value={polls}
        disabled={!draft.alert}
        aria-label="Alert after this many polls"
        onChange={(e) => set(true, intOr(e.target.value, polls))}
        data-testid="scanner-alert-polls"
        className="sc-alert-polls"
      />{' '}
      polls
    </span>
  );
}

const intOr = (text: string, fallback: number) => {
  const v = Number(text);
  return text.trim() !== '' && Number.isFinite(v) ? Math.max(0, Math.round(v)) : fallback;
};

export function RuleEditor({
  rules,
  draft,
  setDraft,
  onPick,
  onSave,
  onDelete,
  dirty,
  markets,
  nameOf,
  symbol,
}: RuleEditorProps) {
  const l = draft.limits;
  const setLimits = (p: Partial<ScanLimits>) => setDraft({ ...draft, limits: { ...l, ...p } });
  const problems = ruleProblems(draft);
  const money = (v: number | null) => (v === null ? '' : formatMoneyExact(v, ''));
  return (
    <section className="sc-editor" aria-label="Rule" data-testid="scanner-rule-editor">
      <div className="sc-editor__row">
        <Field label="Rule">
          <select value={draft.id} onChange={(e) => onPick(e.target.value)} data-testid="scanner-rule">
            {rules.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Name" wide>
          <input
            type="text"
            value={draft.name}
            maxLength={200}
            onChange={(e) => setDraft({ ...draft, name: e.target.value || draft.name })}
          />
        </Field>
        <Field label="Buy">
          <select
            value={draft.buy}
            onChange={(e) => setDraft({ ...draft, buy: e.target.value === 'bid-plus-tick' ? 'bid-plus-tick' : 'ask' })}
          >
            <option value="ask">lowest ask</option>
            <option value="bid-plus-tick">buy order at best bid + 1 tick</option>
          </select>
        </Field>
        <Field label="Sell">
          <select
            value={draft.sell}
            onChange={(e) =>
              setDraft({ ...draft, sell: e.target.value === 'ask-minus-tick' ? 'ask-minus-tick' : 'bid' })
            }
          >
            <option value="bid">into the best buy order</option>
            <option value="ask-minus-tick">list at lowest ask − 1 tick</option>
          </select>
        </Field>
        <div className="sc-editor__actions">
          <button type="button" onClick={onSave} disabled={problems.length > 0} data-testid="scanner-save">
            {dirty ? 'Save rule' : 'Save as'}
          </button>
          {onDelete ? (
            <button type="button" onClick={onDelete}>
              Delete
            </button>
          ) : null}
        </div>
      </div>
      <div className="sc-editor__row">
        <MarketsField
          label="Buy on"
          value={draft.buyMarkets}
          markets={markets}
          nameOf={nameOf}
          onChange={(v) => setDraft({ ...draft, buyMarkets: v })}
        />
        <MarketsField
          label="Sell on"
          value={draft.sellMarkets}
          markets={markets}
          nameOf={nameOf}
          onChange={(v) => setDraft({ ...draft, sellMarkets: v })}
        />
        <Field label={`Min net profit (${symbol})`}>
          <input
            type="text"
            inputMode="decimal"
            defaultValue={money(l.minProfit)}
            key={`p${draft.id}`}
            onBlur={(e) => setLimits({ minProfit: parseMoney(e.target.value) ?? l.minProfit })}
            data-testid="scanner-min-profit"
          />
        </Field>
        <Field label="Min ROI (%)">
          <input
            type="number"
            step="0.1"
            defaultValue={l.minRoi * 100}
            key={`r${draft.id}`}
            onBlur={(e) =>
              setLimits({ minRoi: Number.isFinite(Number(e.target.value)) ? Number(e.target.value) / 100 : l.minRoi })
            }
          />
        </Field>
        <Field label="Min offers (buy side)">
          <input
            type="number"
            min={0}
            value={l.minBuyDepth}
            onChange={(e) => setLimits({ minBuyDepth: intOr(e.target.value, l.minBuyDepth) })}
          />
        </Field>
        <Field label="Min orders (sell side)">
          <input
            type="number"
            min={0}
            value={l.minSellDepth}
            onChange={(e) => setLimits({ minSellDepth: intOr(e.target.value, l.minSellDepth) })}
          />
        </Field>
        <Field label="Min liquidity score" hint="The service's liquidity_score (0 to 10000), where loaded">
          <input
            type="number"
            min={0}
            max={10000}
            value={l.minLiquidityScore}
            onChange={(e) =>
              setLimits({ minLiquidityScore: Math.min(10_000, intOr(e.target.value, l.minLiquidityScore)) })
            }
          />
        </Field>
        <Field label="Min Steam sales (30 d)" hint="Steam's sales over 30 days, where loaded">
          <input
            type="number"
            min={0}
            value={l.minSteamSales30d}
            onChange={(e) => setLimits({ minSteamSales30d: intOr(e.target.value, l.minSteamSales30d) })}
          />
        </Field>
        <Field label={`Buy price from (${symbol})`}>
          <input
            type="text"
            inputMode="decimal"
            defaultValue={money(l.priceMin)}
            key={`a${draft.id}`}
            onBlur={(e) =>
              setLimits({ priceMin: e.target.value.trim() ? (parseMoney(e.target.value) ?? l.priceMin) : null })
            }
          />
        </Field>
        <Field label={`to (${symbol})`}>
          <input
            type="text"
            inputMode="decimal"
            defaultValue={money(l.priceMax)}
            key={`b${draft.id}`}
            onBlur={(e) =>
              setLimits({ priceMax: e.target.value.trim() ? (parseMoney(e.target.value) ?? l.priceMax) : null })
            }
          />
        </Field>
        <Field label="Locked items">
          <select value={l.locked} onChange={(e) => setLimits({ locked: e.target.value as LockedChoice })}>
            <option value="exclude">left out</option>
            <option value="allow">allowed (the cheaper price)</option>
            <option value="only">only at a locked discount</option>
          </select>
        </Field>
        <Field label="Steam wallet ratio" hint="What one unit of Steam wallet funds is worth in cash (0 to 1)">
          <input
            type="number"
            step="0.01"
            min={0.01}
            max={1}
            defaultValue={draft.walletRatio}
            key={`w${draft.id}`}
            onBlur={(e) => setDraft({ ...draft, walletRatio: Number(e.target.value) })}
          />
        </Field>
        <label className="sc-check">
          <input
            type="checkbox"
            checked={l.trustedOnly}
            onChange={(e) => setLimits({ trustedOnly: e.target.checked })}
            data-testid="scanner-trusted-only"
          />{' '}
          Trusted quotes only
        </label>
        <label className="sc-check">
          <input
            type="checkbox"
            checked={draft.includeFeeUnknown}
            onChange={(e) => setDraft({ ...draft, includeFeeUnknown: e.target.checked })}
          />{' '}
          Include routes with an unknown fee
        </label>
        <AlertField draft={draft} setDraft={setDraft} />
      </div>
      {problems.length ? (
        <p className="sc-problems" role="alert">
          {problems.join(' ')}
        </p>
      ) : null}
    </section>
  );
}
