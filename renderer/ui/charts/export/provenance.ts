/** The provenance footer of an exported chart: where and when its numbers come from. */
import type { Provenance } from '../types';

/** "2026-11-23 14:05 UTC"; "unknown time" for a missing time (never a made-up date). */
export function fetchedText(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return 'unknown time';
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** "Fetched 2026-11-23 14:05 UTC · Source: … · Counter-Strike 2 · Markets: … · Unstable: …" */
export function provenanceLine(p: Provenance): string {
  const parts = [`Fetched ${fetchedText(p.fetchedAt)}`, `Source: ${p.source || 'unknown'}`];
  if (p.game) parts.push(p.game);
  const markets = (p.markets ?? []).filter(Boolean);
  if (markets.length) parts.push(`Markets: ${markets.join(', ')}`);
  const unstable = (p.unstable ?? []).filter(Boolean);
  if (unstable.length) parts.push(`Unstable: ${unstable.join('; ')}`);
  return parts.join(' \u00b7 ');
}
