/**
 * The live routes of a rule: each poll's snapshot goes to the scanner's worker (market/scanner/live.worker.ts),
 * which ranks the routes and keeps their persistence across polls; the page shows its latest answer. Off
 * the UI thread: only the copy of the cells the rule reads is made here.
 */
import { useEffect, useRef, useState } from 'react';
import { usePref } from '../../lib/preferences';
import type { FeeTable } from '../../market/model/price-arithmetic';
import type { Snapshot } from '../../market/model/snapshot';
import { GRID_PREFS } from '../../market/prefs';
import { scanDataOf, type LiveScanRequest, type LiveScanResult } from '../../market/scanner/live';
import type { LiveScanMessage } from '../../market/scanner/live.worker';
import type { ScanRule } from '../../market/scanner/rules';
import { unknownFeeMarkets } from '../../market/scanner/scan';

export interface LiveRoutes {
  result: LiveScanResult | null;
  /** The scan is under way for the latest poll or rule. */
  scanning: boolean;
  error: string | null;
}

export function useLiveRoutes(snap: Snapshot | null, rule: ScanRule, fees: FeeTable): LiveRoutes {
  const [overrides] = usePref(GRID_PREFS.fees);
  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);
  const [state, setState] = useState<LiveRoutes>({ result: null, scanning: false, error: null });

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  useEffect(() => {
    if (!snap) return;
    const id = ++seq.current;
    let w = worker.current;
    if (!w) {
      w = worker.current = new Worker(new URL('../../market/scanner/live.worker.ts', import.meta.url), {
        type: 'module',
        name: 'market-desk-scanner',
      });
      w.addEventListener('error', () =>
        setState((s) => ({ ...s, scanning: false, error: 'The scanner could not run (its worker failed).' })),
      );
    }
    const onMessage = (e: MessageEvent<LiveScanMessage>) => {
      const m = e.data;
      if (m.id !== seq.current) return;
      if (m.type === 'routes') setState({ result: m.result, scanning: false, error: null });
      else if (m.type === 'error') setState((s) => ({ ...s, scanning: false, error: m.message }));
    };
    w.addEventListener('message', onMessage);
    const unknown = unknownFeeMarkets([...snap.askMarkets, ...snap.bidMarkets], overrides, snap.game);
    const req: LiveScanRequest = {
      data: scanDataOf(snap),
      at: snap.meta.readyAt,
      rule,
      fees,
      unknownFees: { buy: [...unknown.buy], sell: [...unknown.sell] },
    };
    setState((s) => ({ ...s, scanning: true }));
    w.postMessage({ id, req });
    return () => w.removeEventListener('message', onMessage);
  }, [snap, rule, fees, overrides]);

  return state;
}
