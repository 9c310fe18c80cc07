/**
 * While the list downloads: the list rendered once more, hidden, over a small made-up sample
 * (recSampleRows), so that the real list's first render runs compiled code: in a page that never drew it,
 * that render otherwise spends a third of its time compiling (V8's tier-up). The worker warms its reading
 * code the same way. Nothing of it is shown or exposed (display: none).
 */
import { memo, useEffect, useState } from 'react';
import type { MoneyFormat } from '../../../shared/money/money';
import { runWhenIdle } from '../../lib/idle';
import type { RecColumns } from '../../market/recommendations/rec-columns';
import { shapeRecs } from '../../market/recommendations/rec-reader';
import { recSampleRows } from '../../market/recommendations/rec-sample';
import { DEFAULT_REC_SORT, sortRecs } from '../../market/recommendations/view';
import { RecList } from './RecList';

const WARM_KEY = { game: 0, type: 'general', markets: null } as const;
/** The warm-up's steps: rows rendered at each. */
const WARM_ROWS = [4, 12, 24];
const noop = () => {};

export const RecListWarmUp = memo(function RecListWarmUp({
  money,
  nameOf,
  net,
}: {
  money: MoneyFormat;
  nameOf: (slug: string) => string;
  net: boolean;
}) {
  // In idle time (the download's), not in the page's own first render; a few rows, then more, each step
  // a short task (cold code runs slowly: all of it at once would be a long task of its own).
  const [sample, setSample] = useState<{ recs: RecColumns; view: Int32Array } | null>(null);
  useEffect(() => {
    const recs = shapeRecs(recSampleRows(WARM_ROWS.at(-1) ?? 0), WARM_KEY, {
      transport: 'graphql',
      bytes: 0,
      bytesDoneAt: 0,
      parseMs: 0,
    });
    if (!recs) return;
    const order = sortRecs(recs, null, DEFAULT_REC_SORT);
    return runWhenIdle(WARM_ROWS.map((n) => () => setSample({ recs, view: order.subarray(0, n) })));
  }, []);
  if (!sample) return null;
  return (
    <div hidden>
      <RecList
        recs={sample.recs}
        view={sample.view}
        join={null}
        snap={null}
        netDerived={null}
        net={net}
        pricesLoading
        sort={DEFAULT_REC_SORT}
        onSort={noop}
        money={money}
        nameOf={nameOf}
        openItem={null}
        onOpen={noop}
        onAnalytics={noop}
        dealSide={null}
        label="warm-up"
        warmUp
      />
    </div>
  );
});
