/**
 * A span of time in words: "45 s", "12 min", "3 h 10 min", "2 days 4 h". The one duration formatter of the
 * renderer (the toolbar's "updated 40 s ago", a quote's age); always what was measured, rounded down past
 * the hour so "unchanged for 2 days" never overstates.
 */
const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < MIN) return `${s} s`;
  if (s < HOUR) return `${Math.floor(s / MIN)} min`;
  if (s < DAY) return `${Math.floor(s / HOUR)} h ${Math.floor((s % HOUR) / MIN)} min`;
  const days = Math.floor(s / DAY);
  const hours = Math.floor((s % DAY) / HOUR);
  const d = `${days} ${days === 1 ? 'day' : 'days'}`;
  return hours ? `${d} ${hours} h` : d;
}
