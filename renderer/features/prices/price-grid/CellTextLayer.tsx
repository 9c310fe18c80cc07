/**
 * The canvas over the rendered rows and columns that draws the value cells' text (draw-cell-text.ts). It
 * sits in the grid's content, so a scroll moves it with the rows; it is drawn again after each render of
 * the grid, when the theme changes and when fonts finish loading. The pinned columns and the header
 * stack above it.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ColumnRange } from './column-layout';
import { CellTextStyles } from './cell-text-style';
import { CellTextPainter } from './draw-cell-text';
import type { RowContext } from './row-context';

interface CellTextLayerProps {
  ctx: RowContext;
  rows: ReadonlyArray<{ item: number; start: number }>;
  range: ColumnRange;
}

/** Where the canvas goes: the rendered rows' span by the rendered columns' span (content px), null for none. */
function areaOf({ ctx, rows, range }: CellTextLayerProps) {
  if (rows.length === 0 || range.to < range.from) return null;
  let top = Infinity;
  let bottom = -Infinity;
  for (const r of rows) {
    top = Math.min(top, r.start);
    bottom = Math.max(bottom, r.start + ctx.rowH);
  }
  const x0 = ctx.layout.left[range.from] ?? 0;
  const last = ctx.columns[range.to];
  const x1 = (ctx.layout.left[range.to] ?? 0) + (last?.width ?? 0);
  return { x0, y0: top, width: x1 - x0, height: bottom - top };
}

/** Canvas sizes go in steps of this many CSS px, so the rows and columns in sight changing by one don't resize it. */
const SIZE_STEP = 256;

/**
 * A new backing store only when the canvas is too small, over twice too large or of another scale: resizing
 * one allocates and clears it (true), which cost more than the drawing when it happened at every scroll frame.
 */
function sizeCanvas(cv: HTMLCanvasElement, w: number, h: number, dpr: number): boolean {
  const fits = (have: number, need: number) => have >= need && have <= 2 * need + SIZE_STEP * dpr;
  // A new scale (zoom, another screen) needs a new backing store too.
  const sameScale = Math.abs(cv.width / dpr - parseFloat(cv.style.width || '0')) <= 0.5;
  if (sameScale && fits(cv.width, w * dpr) && fits(cv.height, h * dpr)) return false;
  const cssW = Math.ceil(w / SIZE_STEP) * SIZE_STEP;
  const cssH = Math.ceil(h / SIZE_STEP) * SIZE_STEP;
  cv.width = Math.round(cssW * dpr);
  cv.height = Math.round(cssH * dpr);
  cv.style.width = `${cssW}px`;
  cv.style.height = `${cssH}px`;
  return true;
}

export function CellTextLayer(props: CellTextLayerProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const probeRef = useRef<HTMLDivElement>(null);
  const painter = useRef<CellTextPainter | null>(null);
  const draw = useRef<() => void>(() => {});
  const { detailsInCells } = props.ctx;

  draw.current = () => {
    const box = boxRef.current;
    const cv = canvasRef.current;
    const g = cv?.getContext('2d');
    const probe = probeRef.current;
    if (!box || !cv || !g || !probe) return;
    if (!painter.current) {
      painter.current = new CellTextPainter(g, new CellTextStyles(probe));
    }
    const area = areaOf(props);
    const dpr = window.devicePixelRatio || 1;
    const text = area && { rows: props.rows, from: props.range.from, to: props.range.to, ...area };
    const w = area ? Math.ceil(area.width) : 0;
    const h = area ? Math.ceil(area.height) : 0;
    // A resize clears the canvas; otherwise the same text is not drawn again.
    const resized = sizeCanvas(cv, w, h, dpr);
    if (!resized && text && painter.current.shows(props.ctx, text)) return;
    // The box is the area's size (the canvas may be larger): nothing past the rows adds to the scroll.
    box.style.transform = area ? `translate(${area.x0}px, ${area.y0}px)` : '';
    box.style.width = `${w}px`;
    box.style.height = `${h}px`;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (!resized && text && painter.current.shift(props.ctx, text, dpr)) return;
    g.clearRect(0, 0, cv.width / dpr, cv.height / dpr);
    // No rows or columns: drawn as nothing, so the next text is not taken as already shown.
    painter.current.draw(props.ctx, text ?? { rows: [], from: 0, to: -1, x0: 0, y0: 0 });
  };

  // The stylesheet's answer changes with the mode (details in cells) and the theme.
  useLayoutEffect(() => {
    painter.current?.clear();
  }, [detailsInCells]);
  // After every render of the grid: a row's text is the model's, read here as the cells read it.
  useLayoutEffect(() => draw.current());
  useEffect(() => {
    const again = () => {
      painter.current?.clear();
      draw.current();
    };
    const themes = new MutationObserver(again);
    themes.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const fonts = document.fonts as FontFaceSet | undefined;
    fonts?.addEventListener('loadingdone', again);
    return () => {
      themes.disconnect();
      fonts?.removeEventListener('loadingdone', again);
      painter.current = null;
    };
  }, []);

  return (
    <>
      <div ref={boxRef} className="pg__texts" aria-hidden="true">
        <canvas ref={canvasRef} data-testid="grid-texts" />
      </div>
      {/* A row whose one cell takes each class string to read its style (never laid out). */}
      <div ref={probeRef} className="pg__row" aria-hidden="true" style={{ display: 'none' }}>
        <div />
      </div>
    </>
  );
}
