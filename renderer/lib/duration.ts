/**
 * A span of time in words: "45 s", "12 min", "3 h 10 min", "3 h", "2 days 4 h". The one duration formatter
 * of the renderer (the toolbar's "updated 40 s ago", a quote's age, a stalled market's "since"). Rounded
 * down at every unit, so "unchanged for 2 days" never overstates what was observed.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export function formatDuration(ms: number): string {
  const t = Math.max(0, ms);
  if (t < MIN) return `${Math.floor(t / 1000)} s`;
  if (t < HOUR) return `${Math.floor(t / MIN)} min`;
  if (t < DAY) {
    const h = Math.floor(t / HOUR);
    const m = Math.floor((t % HOUR) / MIN);
    return m > 0 ? `${h} h ${m} min` : `${h} h`;
  }
  const d = Math.floor(t / DAY);
  const h = Math.floor((t % DAY) / HOUR);
  return `${d} ${d === 1 ? 'day' : 'days'}${h > 0 ? ` ${h} h` : ''}`;
}
