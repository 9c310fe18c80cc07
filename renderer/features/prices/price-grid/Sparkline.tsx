/**
 * The grid's sparkline column: one inline SVG polyline per visible row (no charting library), the item's
 * best ask over the last 24 hours (or since history began), read in one batch for the visible rows after
 * the grid has painted, with a small cache.
 */
import { memo, useEffect, useMemo, useState } from 'react';
import { history, useHistoryVersion } from '../../../market/history/client';
import { DAY } from '../../../market/history/chunk-codec';
import './Sparkline.css';

const SLOTS = 40;
const W = 100;
const H = 16;
const CACHE_MAX = 2000;

const cache = new Map<string, { version: number; data: Float64Array | null }>();

/** Best-ask series for the visible items (undefined while reading, null: no history). */
export function useSparklines(
  game: number,
  names: readonly string[],
  askMarkets: readonly string[],
  enabled: boolean,
): ReadonlyMap<string, Float64Array | null> | null {
  const version = useHistoryVersion();
  const [tick, setTick] = useState(0);
  const marketsKey = askMarkets.join(',');
  const prefix = `${game}|${marketsKey}|`;
  const namesKey = enabled ? names.join('\n') : '';
  useEffect(() => {
    if (!namesKey) return;
    const wanted = namesKey.split('\n');
    const missing = wanted.filter((n) => cache.get(prefix + n)?.version !== version);
    if (missing.length === 0) return;
    let live = true;
    // After paint, and once scrolling settles.
    const timer = window.setTimeout(() => {
      const to = Date.now();
      history.sparks(game, missing, to - DAY, to, SLOTS, marketsKey.split(',').filter(Boolean)).then(
        (res) => {
          if (cache.size > CACHE_MAX) cache.clear();
          missing.forEach((n, i) => cache.set(prefix + n, { version, data: res[i] ?? null }));
          if (live) setTick((t) => t + 1);
        },
        () => undefined,
      );
    }, 120);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [namesKey, prefix, marketsKey, game, version]);
  return useMemo(() => {
    if (!namesKey) return null;
    const out = new Map<string, Float64Array | null>();
    for (const n of namesKey.split('\n')) {
      const c = cache.get(prefix + n);
      if (c) out.set(n, c.data);
    }
    return out;
    // tick: the cache was filled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [namesKey, prefix, tick]);
}

function sparkPoints(values: Float64Array): string {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (Number.isNaN(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo === Infinity) return '';
  const span = hi - lo || 1;
  const n = values.length;
  const pts: string[] = [];
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (Number.isNaN(v)) continue;
    const x = n === 1 ? W : (i / (n - 1)) * W;
    const y = hi === lo ? H / 2 : H - 1 - ((v - lo) / span) * (H - 2);
    pts.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return pts.join(' ');
}

export const Sparkline = memo(function Sparkline({ values }: { values: Float64Array }) {
  const points = sparkPoints(values);
  let firstV = NaN;
  let lastV = NaN;
  for (const v of values) {
    if (Number.isNaN(v)) continue;
    if (Number.isNaN(firstV)) firstV = v;
    lastV = v;
  }
  return (
    <svg
      className={`spark${lastV < firstV ? ' is-down' : ''}`}
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <polyline points={points} />
    </svg>
  );
});
