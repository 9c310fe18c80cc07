/**
 * A page's trust view (row-confidence.ts TrustView) over its snapshot and per-row figures: the Prices grid's
 * cells and detail panel, and the Recommendations page's detail panel, read the same one.
 */
import { useMemo } from 'react';
import type { Derived } from '../../market/model/derived-columns';
import type { Snapshot } from '../../market/model/snapshot';
import type { Confidence, ConfidenceInput } from '../../market/trust/types';
import { confidenceInput, type RecSignals, type TrustView } from './row-confidence';

/** The trust view: one per snapshot and settings, each row's confidence judged once, when first shown. */
export function useTrustView(
  snap: Snapshot | null,
  d: Derived | null,
  judge: ((input: ConfidenceInput) => Confidence) | null,
  recs: RecSignals | null,
  oldAfterMs: number,
  dimOld: boolean,
): TrustView {
  return useMemo(() => {
    const seen = new Map<number, Confidence>();
    return {
      // Read when a tooltip is built: the age at that moment, not at the last render.
      get now() {
        return Date.now();
      },
      oldAfterMs,
      dimOld,
      confidence(item) {
        if (!snap || !d || !judge || item < 0 || item >= snap.n) return null;
        let c = seen.get(item);
        if (!c) {
          c = judge(confidenceInput(snap, d, item, recs?.of(snap.names[item] ?? '') ?? null, oldAfterMs));
          seen.set(item, c);
        }
        return c;
      },
      confidenceWith(item, rec) {
        if (!snap || !d || !judge || item < 0 || item >= snap.n) return null;
        return judge(confidenceInput(snap, d, item, rec ?? recs?.of(snap.names[item] ?? '') ?? null, oldAfterMs));
      },
    };
  }, [snap, d, judge, recs, oldAfterMs, dimOld]);
}
