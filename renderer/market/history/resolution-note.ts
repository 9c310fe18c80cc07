/** The words the History chart says about its resolution (pure, so it is unit-tested). */
import { DAY, HOUR } from './chunk-codec';
import type { ResolutionPart } from './sampling';

const every = (ms: number): string =>
  ms === DAY ? 'day' : ms === HOUR ? 'hour' : `${Math.round(ms / 60_000)} minutes`;

/**
 * What a read's parts hold, oldest first: "Every refresh’s prices." when none is consolidated; else until
 * when each market is daily (the oldest, tiers.ts) and then hourly, and that the bests are at every refresh.
 * `label` formats a time. `step` is the coarsest step (0: every refresh).
 */
export function resolutionNote(
  parts: readonly ResolutionPart[],
  label: (t: number) => string,
): { step: number; text: string } {
  const consolidated = parts.filter((p) => p.resolutionMs > 0);
  if (consolidated.length === 0) return { step: 0, text: 'Every refresh’s prices.' };
  const until = Math.max(...consolidated.map((p) => p.to));
  const step = Math.max(...consolidated.map((p) => p.resolutionMs));
  const finer = consolidated.filter((p) => p.resolutionMs < step);
  const coarsestUntil = Math.max(...consolidated.filter((p) => p.resolutionMs === step).map((p) => p.to));
  const then =
    finer.length > 0
      ? `, then at the end of every ${every(Math.min(...finer.map((p) => p.resolutionMs)))} until ${label(until)}`
      : '';
  const since = parts.some((p) => p.resolutionMs === 0) ? ' Since then: every refresh’s prices.' : '';
  return {
    step,
    text: `Until ${label(finer.length > 0 ? coarsestUntil : until)}: each market’s price at the end of every ${every(step)}${then} (older history is consolidated); best ask and best bid at every refresh.${since}`,
  };
}
