/**
 * The price grid's active cell as a position (row -1 is the header row) and where the navigation keys
 * move it: arrows by one, Home/End to the first/last column (with Ctrl: the first/last cell), PageUp /
 * PageDown by a page.
 */
export interface CellPos {
  row: number;
  col: number;
}

export interface GridBounds {
  rows: number;
  cols: number;
  /** Rows in a page (PageUp / PageDown). */
  page: number;
}

/** Where a navigation key moves `at` (clampCell keeps it inside), or null for any other key. */
export function navigate(key: string, ctrl: boolean, at: CellPos, b: GridBounds): CellPos | null {
  switch (key) {
    case 'ArrowDown':
      return { ...at, row: at.row + 1 };
    case 'ArrowUp':
      return { ...at, row: at.row - 1 };
    case 'ArrowRight':
      return { ...at, col: at.col + 1 };
    case 'ArrowLeft':
      return { ...at, col: at.col - 1 };
    case 'Home':
      return ctrl ? { row: b.rows > 0 ? 0 : -1, col: 0 } : { ...at, col: 0 };
    case 'End':
      return ctrl ? { row: b.rows - 1, col: b.cols - 1 } : { ...at, col: b.cols - 1 };
    case 'PageDown':
      return { ...at, row: Math.max(0, at.row) + b.page };
    case 'PageUp':
      return { ...at, row: Math.max(0, at.row - b.page) };
    default:
      return null;
  }
}

export function clampCell(at: CellPos, rows: number, cols: number): CellPos {
  return { row: Math.max(-1, Math.min(rows - 1, at.row)), col: Math.max(0, Math.min(cols - 1, at.col)) };
}

/** Where the grid starts when it gets focus: the first row's item cell (the header without rows). */
export function firstCell(rows: number): CellPos {
  return { row: rows > 0 ? 0 : -1, col: 1 };
}

/** The element id of a cell (aria-activedescendant points at it). */
export function cellId(gridId: string, at: CellPos): string {
  return at.row < 0 ? `${gridId}-h-${at.col}` : `${gridId}-${at.row}-${at.col}`;
}
