/**
 * The rule editor: which rule (ready-made or saved), how it buys and sells, the markets allowed on each
 * side, and every limit. Edits apply to the live routes at once; Save keeps them (a ready-made rule is
 * saved as a copy of the user's).
 */
import { ruleProblems, type ScanRule } from '../../market/scanner/rules';
import { RuleAlertField } from './RuleAlertField';
import { Field, MarketsField } from './RuleFields';
import { RuleLimitFields, RuleScopeFields } from './RuleLimitFields';

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
  const problems = ruleProblems(draft);
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
        <RuleLimitFields draft={draft} setDraft={setDraft} symbol={symbol} />
        <RuleScopeFields draft={draft} setDraft={setDraft} symbol={symbol} />
        <RuleAlertField draft={draft} setDraft={setDraft} />
      </div>
      {problems.length ? (
        <p className="sc-problems" role="alert">
          {problems.join(' ')}
        </p>
      ) : null}
    </section>
  );
}
