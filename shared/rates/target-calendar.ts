/**
 * TARGET closing days, when the ECB publishes no reference rates: Saturdays, Sundays, New Year's Day, Good
 * Friday, Easter Monday, 1 May, 25 and 26 December (ECB press release of 14 December 2000, "Long-term calendar
 * for TARGET closing days"; the TARGET2 calendar page). The host's refresh schedule and the page's staleness
 * count both read it. Dates are calendar dates (YYYY-MM-DD, UTC).
 */
const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

/** Easter Sunday (Gregorian), the anonymous algorithm (Meeus/Jones/Butcher), as ms since the epoch. */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

/** A TARGET holiday (a closing day that is not a week-end day). */
export function isTargetHoliday(date: string): boolean {
  const md = date.slice(5);
  if (md === '01-01' || md === '05-01' || md === '12-25' || md === '12-26') return true;
  const easter = easterSunday(Number(date.slice(0, 4)));
  const t = dayNumber(date);
  return t === easter - 2 * DAY_MS || t === easter + DAY_MS;
}

/** True on a TARGET closing day: a week-end or a holiday. */
export function isTargetClosed(date: string): boolean {
  const weekday = new Date(dayNumber(date)).getUTCDay();
  return weekday === 0 || weekday === 6 || isTargetHoliday(date);
}
