/**
 * Where a list's navigation keys move its active row (the windowed lists: routes, recommendations): arrows
 * by one, Page Up / Page Down by a page, Home / End to the first / last row. The caller clamps the result
 * and scrolls to it; any other key is the caller's (null).
 */
export function rowForKey(key: string, active: number, rows: number, page: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return active + 1;
    case 'ArrowUp':
      return active - 1;
    case 'PageDown':
      return active + page;
    case 'PageUp':
      return active - page;
    case 'Home':
      return 0;
    case 'End':
      return rows - 1;
    default:
      return null;
  }
}
