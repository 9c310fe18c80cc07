/**
 * The page's tools: the list's type (general or P2P) and markets filter, load progress and freshness,
 * reload and CSV export. Memoized, with only values and stable callbacks for props: typing in the search
 * box does not re-render it.
 */
import { memo } from 'react';
import { RECOMMENDATION_TYPES, type RecommendationType } from '../../../shared/api/schema';
import type { ProgressStore } from '../../market/offline/useLiveData';
import { Freshness, LoadProgress } from '../../ui/StatusParts';
import { RecMarketsFilter } from './RecMarketsFilter';
import type { RecParamChanges } from './useRecRoute';

const TYPE_TEXT: Record<RecommendationType, { label: string; hint: string }> = {
  general: { label: 'General', hint: 'All supported markets except gambling ones' },
  p2p: { label: 'P2P', hint: 'Peer-to-peer markets only' },
};

export interface RecToolbarProps {
  game: number;
  type: RecommendationType;
  markets: readonly string[];
  /** Market names this service refused: marked in the markets filter, not choosable. */
  refused: ReadonlySet<string>;
  setParams(changes: RecParamChanges): void;
  progress: ProgressStore;
  /** When the list shown was loaded (0: none shown). */
  updatedAt: number;
  stale: boolean;
  /** The restored banner's note when the list is an earlier session's copy. */
  restored: string | null;
  fetching: boolean;
  onRefresh(): void;
  canExport: boolean;
  exporting: boolean;
  onExport(): Promise<void>;
}

export const RecToolbar = memo(function RecToolbar(p: RecToolbarProps) {
  const { setParams } = p;
  return (
    <div className="view__toolbar" role="toolbar" aria-label="Recommendations">
      <div className="segmented" role="radiogroup" aria-label="Type">
        {RECOMMENDATION_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            role="radio"
            aria-checked={p.type === t}
            className="segmented__item"
            title={TYPE_TEXT[t].hint}
            onClick={() => setParams({ type: t })}
          >
            {TYPE_TEXT[t].label}
          </button>
        ))}
      </div>
      <span className="rs__hint">{TYPE_TEXT[p.type].hint}</span>
      <RecMarketsFilter
        game={p.game}
        value={p.markets}
        refused={p.refused}
        onChange={(m) => setParams({ markets: m })}
      />
      <span className="view__spacer" />
      <LoadProgress store={p.progress} what="recommendations" />
      <Freshness updatedAt={p.updatedAt} stale={p.stale} restored={p.restored} />
      <button
        type="button"
        className="btn btn--small"
        onClick={p.onRefresh}
        disabled={p.fetching}
        aria-label="Reload recommendations"
        title="Reload the list and the live prices"
      >
        ↻ Reload
      </button>
      <button
        type="button"
        className="btn btn--small"
        onClick={() => void p.onExport()}
        disabled={!p.canExport || p.exporting}
        title="The rows shown, in their order, with exact decimals"
      >
        {p.exporting ? 'Exporting…' : 'Export CSV'}
      </button>
    </div>
  );
});
