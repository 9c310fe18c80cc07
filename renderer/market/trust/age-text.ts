/** A span of time in words for quote ages (lib/duration.ts, the renderer's one formatter); "unknown" for no span. */
import { formatDuration } from '../../lib/duration';

export function ageText(ms: number): string {
  return Number.isFinite(ms) ? formatDuration(ms) : 'unknown';
}
