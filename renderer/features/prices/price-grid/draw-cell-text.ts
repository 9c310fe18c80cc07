/**
 * Draws the text of the value cells in sight on one canvas (CellTextLayer.tsx): a filter, a sort or a scroll
 * then costs the browser one bitmap, not the layout and paint of hundreds of new text runs. The DOM cells
 * keep their text, hidden from layout (content-visibility), for screen readers, copy and tests.
 */
import { isValueColumn } from '../grid-columns';
import type { CellTextStyle, LineStyle } from './cell-text-style';
import type { RowContext } from './row-context';
import { valueCell } from './value-cell-display';

export interface TextArea {
  /** The rows drawn (any order) and where each starts in the grid's content (px). */
  rows: ReadonlyArray<{ item: number; start: number }>;
  /** The columns drawn, inclusive. */
  from: number;
  to: number;
  /** The canvas's top-left corner in the grid's content (px). */
  x0: number;
  y0: number;
}

/** What a canvas shows: the context, the area's columns and corner, and its rows as (item, start) pairs. */
export interface Shown {
  ctx: RowContext;
  from: number;
  to: number;
  x0: number;
  y0: number;
  rows: number[];
}

/**
 * What a scroll down or up needs drawn when the canvas already shows `shown`: its pixels move by `dy` (CSS
 * px, the old corner less the new) and only the rows it does not show at their place are drawn. Null when
 * less than half can be kept: another context (new prices, a setting), other columns, a scroll across, a
 * jump, a sort or a filter.
 */
export function rowsToDraw(
  shown: Shown,
  ctx: RowContext,
  area: TextArea,
): { dy: number; draw: Array<{ item: number; start: number }> } | null {
  if (shown.ctx !== ctx || shown.from !== area.from || shown.to !== area.to || shown.x0 !== area.x0) return null;
  const at = new Map<number, number>();
  for (let i = 0; i < shown.rows.length; i += 2) at.set(shown.rows[i] ?? -1, shown.rows[i + 1] ?? NaN);
  const draw = area.rows.filter((r) => at.get(r.item) !== r.start);
  // Keeping a few rows (a sort, a filter) would cost a copy of the canvas on top of nearly a full draw.
  return draw.length <= area.rows.length / 2 ? { dy: shown.y0 - area.y0, draw } : null;
}

const ELLIPSIS = '\u2026';

/** `text` cut to fit `room` px as `width` measures it, with "…" when it was cut. */
export function fitText(width: (text: string) => number, text: string, room: number): string {
  if (width(text) <= room) return text;
  let lo = 0;
  let hi = text.length;
  // The longest prefix that fits with the ellipsis.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (width(text.slice(0, mid) + ELLIPSIS) <= room) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo) + ELLIPSIS;
}

/** How a run is drawn: what the canvas is set to for it. */
interface Pen {
  font: string;
  color: string;
  alpha: number;
  align: CanvasTextAlign;
}

/** One run of text of a cell, placed from the cell's top-left; `clip` when it overflows the cell's box. */
interface Run {
  pen: number;
  text: string;
  dx: number;
  dy: number;
  clip: boolean;
}

/** Measured widths kept (texts repeat as rows scroll back and forth); dropped whole past this many. */
const MAX_WIDTHS = 50_000;

/**
 * Draws value cells' text. A cell's runs (its lines, fitted and placed) are worked out once per grid
 * context (a new snapshot, flash or setting makes a new one) and kept, so a scroll only draws; the runs
 * of a frame are drawn pen by pen, since setting a font or a fill parses it each time (a few times the
 * cost of drawing the text) and a column alternates between values and faint "—".
 */
export class CellTextPainter {
  private readonly pens: Pen[] = [];
  private readonly penIdx = new Map<string, number>();
  private readonly cells = new Map<number, Run[]>();
  private readonly widths = new Map<string, number>();
  private ctx: RowContext | null = null;
  /** What the canvas shows: the context, the area's columns and corner, and its rows as (item, start) pairs. */
  private shown: Shown | null = null;
  /** A context per font for measuring, each set once: lines of two fonts alternate as cells are worked out. */
  private readonly measurers = new Map<string, CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D>();

  constructor(
    private readonly g: CanvasRenderingContext2D,
    private readonly styles: { of(className: string): CellTextStyle; clear(): void },
  ) {}

  /** Forget every style-dependent result (the theme or the grid's mode changed). */
  clear(): void {
    this.shown = null;
    this.styles.clear();
    this.cells.clear();
    this.widths.clear();
    this.pens.length = 0;
    this.penIdx.clear();
    this.measurers.clear();
  }

  private pen(font: string, color: string, alpha: number, align: CanvasTextAlign): number {
    const key = `${font}|${color}|${alpha}|${align}`;
    let i = this.penIdx.get(key);
    if (i === undefined) {
      i = this.pens.length;
      this.pens.push({ font, color, alpha, align });
      this.penIdx.set(key, i);
    }
    return i;
  }

  private width(font: string, text: string): number {
    const key = `${font}\u0001${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      w = this.measurer(font).measureText(text).width;
      if (this.widths.size >= MAX_WIDTHS) this.widths.clear();
      this.widths.set(key, w);
    }
    return w;
  }

  /** One line's runs: the text (fitted when the style ends overflow in "…") and an outlier's mark before it. */
  private line(out: Run[], text: string, line: LineStyle, dy: number, st: CellTextStyle, w: number, mark: boolean) {
    const room = w - st.padLeft - st.padRight;
    const shown = st.ellipsis ? fitText((t) => this.width(line.font, t), text, room) : text;
    const tw = this.width(line.font, shown);
    const before = mark ? st.before : null;
    const mw = before ? this.width(before.font, before.text) : 0;
    const right = st.align === 'right';
    const x = right ? w - st.padRight : st.padLeft;
    const clip = right ? x - tw - mw < 0 : x + mw + tw > w;
    if (before) {
      const px = right ? x - tw - mw : x;
      out.push({ pen: this.pen(before.font, line.color, st.alpha, 'left'), text: before.text, dx: px, dy, clip });
    }
    out.push({
      pen: this.pen(line.font, line.color, st.alpha, st.align),
      text: shown,
      dx: right ? x : x + mw,
      dy,
      clip,
    });
  }

  /** A cell's runs: its lines at the stylesheet's padding and line heights. */
  private runs(ctx: RowContext, ci: number, item: number): Run[] {
    const key = item * ctx.columns.length + ci;
    let out = this.cells.get(key);
    if (out) return out;
    out = [];
    const col = ctx.columns[ci];
    if (col) {
      const v = valueCell(ctx, col, item);
      const st = this.styles.of((ctx.layout.cellClasses[ci] ?? '') + v.cls);
      const nl = v.text.indexOf('\n');
      if (nl < 0) this.line(out, v.text, st.second, st.padTop + st.second.lineHeight / 2, st, col.width, true);
      else {
        this.line(out, v.text.slice(0, nl), st.first, st.padTop + st.first.lineHeight / 2, st, col.width, true);
        const dy = st.padTop + st.first.lineHeight + st.second.lineHeight / 2;
        this.line(out, v.text.slice(nl + 1), st.second, dy, st, col.width, false);
      }
    }
    this.cells.set(key, out);
    return out;
  }

  /**
   * Whether the canvas already shows `area` with `ctx`: the grid renders again for what the text does not
   * show (the active cell, the open row, a pointer move), and a redraw costs a few ms each time.
   */
  shows(ctx: RowContext, area: TextArea): boolean {
    const s = this.shown;
    if (!s || s.ctx !== ctx || s.from !== area.from || s.to !== area.to || s.x0 !== area.x0 || s.y0 !== area.y0)
      return false;
    if (s.rows.length !== area.rows.length * 2) return false;
    return area.rows.every((r, i) => s.rows[2 * i] === r.item && s.rows[2 * i + 1] === r.start);
  }

  /**
   * A scroll down or up: the text already drawn moves with the canvas's corner and only the rows new to it
   * are drawn (fillText is most of a full draw). False when that cannot be done: the caller draws it all.
   */
  shift(ctx: RowContext, area: TextArea, dpr: number): boolean {
    const plan = this.shown && rowsToDraw(this.shown, ctx, area);
    // A move by a fraction of a device pixel would resample (blur) the text kept.
    if (!plan || !Number.isInteger(plan.dy * dpr)) return false;
    const g = this.g;
    const cv = g.canvas;
    g.save();
    g.setTransform(1, 0, 0, 1, 0, 0);
    // 'copy': what the move uncovers is left clear.
    g.globalCompositeOperation = 'copy';
    g.drawImage(cv, 0, plan.dy * dpr);
    g.restore();
    for (const r of plan.draw) g.clearRect(0, r.start - area.y0, cv.width / dpr, ctx.rowH);
    this.draw(ctx, area, plan.draw);
    return true;
  }

  /** Draws the value cells of `only` (every row of `area` by default; their bands already cleared, in CSS px). */
  draw(ctx: RowContext, area: TextArea, only: TextArea['rows'] = area.rows): void {
    const { from, to, x0, y0 } = area;
    this.shown = { ctx, from, to, x0, y0, rows: area.rows.flatMap((r) => [r.item, r.start]) };
    if (ctx !== this.ctx) {
      this.cells.clear();
      this.ctx = ctx;
    }
    const byPen: Array<Array<{ text: string; x: number; y: number }>> = [];
    const clipped: Array<{ run: Run; x: number; y: number; left: number; top: number; w: number }> = [];
    for (let ci = area.from; ci <= area.to; ci++) {
      const col = ctx.columns[ci];
      if (!col || !isValueColumn(col)) continue;
      const left = (ctx.layout.left[ci] ?? 0) - area.x0;
      for (const r of only) {
        const top = r.start - area.y0;
        for (const run of this.runs(ctx, ci, r.item)) {
          if (run.clip) clipped.push({ run, x: left + run.dx, y: top + run.dy, left, top, w: col.width });
          else (byPen[run.pen] ??= []).push({ text: run.text, x: left + run.dx, y: top + run.dy });
        }
      }
    }
    const g = this.g;
    g.textBaseline = 'middle';
    byPen.forEach((list, i) => {
      this.use(i);
      for (const t of list) g.fillText(t.text, t.x, t.y);
    });
    for (const c of clipped) {
      g.save();
      g.beginPath();
      g.rect(c.left, c.top, c.w, ctx.rowH);
      g.clip();
      this.use(c.run.pen);
      g.fillText(c.run.text, c.x, c.y);
      g.restore();
    }
    g.globalAlpha = 1;
  }

  private measurer(font: string): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D {
    let m = this.measurers.get(font);
    if (!m) {
      m = new OffscreenCanvas(1, 1).getContext('2d') ?? this.g;
      m.font = font;
      this.measurers.set(font, m);
    }
    return m;
  }

  private use(i: number): void {
    const p = this.pens[i];
    if (!p) return;
    const g = this.g;
    g.font = p.font;
    g.fillStyle = p.color;
    g.globalAlpha = p.alpha;
    g.textAlign = p.align;
  }
}
