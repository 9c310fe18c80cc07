/**
 * The rule's limits in the editor: profit, ROI, depth, liquidity and Steam sales (RuleLimitFields); the buy
 * price range, locked items, the wallet ratio and which quotes count (RuleScopeFields). Money boxes are read
 * on blur, so a half-typed amount never reaches the live routes.
 */
import { formatMoneyExact, parseMoney } from '../../../shared/money/money';
import type { LockedChoice, ScanLimits, ScanRule } from '../../market/scanner/rules';
import { Field, intOr } from './RuleFields';

interface LimitProps {
  draft: ScanRule;
  setDraft(rule: ScanRule): void;
  symbol: string;
}

const money = (v: number | null) => (v === null ? '' : formatMoneyExact(v, ''));

function limitsSetter(draft: ScanRule, setDraft: (rule: ScanRule) => void) {
  return (p: Partial<ScanLimits>) => setDraft({ ...draft, limits: { ...draft.limits, ...p } });
}

export function RuleLimitFields({ draft, setDraft, symbol }: LimitProps) {
  const l = draft.limits;
  const setLimits = limitsSetter(draft, setDraft);
  return (
    <>
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
    </>
  );
}

export function RuleScopeFields({ draft, setDraft, symbol }: LimitProps) {
  const l = draft.limits;
  const setLimits = limitsSetter(draft, setDraft);
  return (
    <>
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
    </>
  );
}
