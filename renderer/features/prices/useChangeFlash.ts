/** What changed since the last refresh (cells to flash), for a few seconds after each new snapshot. */
import { useEffect, useRef, useState } from 'react';
import type { Derived } from '../../market/model/derived-columns';
import { diffSnapshots, type Changes } from '../../market/model/diff';
import type { Snapshot } from '../../market/model/snapshot';

const FLASH_MS = 2600;

export function useChangeFlash(snap: Snapshot | null, derived: Derived | null): Changes | null {
  const prev = useRef<{ snap: Snapshot; d: Derived } | null>(null);
  const [changes, setChanges] = useState<Changes | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!snap || !derived) return;
    const p = prev.current;
    prev.current = { snap, d: derived };
    if (!p || p.snap === snap || p.snap.game !== snap.game) return;
    const c = diffSnapshots(p.snap, p.d, snap, derived);
    if (c.count === 0 && !c.rows.some((r) => r !== 0)) return;
    setChanges(c);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setChanges(null), FLASH_MS);
  }, [snap, derived]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return changes;
}
