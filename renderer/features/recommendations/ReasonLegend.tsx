/** What each unstable reason means, in plain words: the legend under the list (static: rendered once). */
import { memo } from 'react';
import { REASON_LEGEND } from '../../market/recommendations/reasons';

export const ReasonLegend = memo(function ReasonLegend() {
  return (
    <details className="rlg" data-testid="reason-legend">
      <summary>What the unstable reasons mean</summary>
      <dl className="rlg__list">
        {REASON_LEGEND.map((r) => (
          <div key={r.code} className="rlg__item">
            <dt>
              <span className="rc-chip" data-code={r.code}>
                {r.label}
              </span>{' '}
              <code>{r.code}</code>
            </dt>
            <dd>{r.explained}</dd>
          </div>
        ))}
        <div className="rlg__item">
          <dt>
            <span className="rc-chip">unknown reason: …</span>
          </dt>
          <dd>
            A code the service sent that this version of Market Desk does not know. The item is shown, never hidden, and
            counts as unstable.
          </dd>
        </div>
      </dl>
    </details>
  );
});
