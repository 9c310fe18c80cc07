/** The recommendations' verdict on the item: checking, unknown, stable, or its unstable reasons. */
import { memo } from 'react';
import { reasonText } from '../../../market/recommendations/reasons';
import type { ReasonsState } from '../hooks';

export const StabilityNote = memo(function StabilityNote({ unstable }: { unstable: ReasonsState | undefined }) {
  return (
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
  );
});
