/**
 * The price grid: an ARIA grid (grid / row / columnheader / gridcell, aria-rowcount and aria-colcount for
 * the whole view, aria-rowindex / aria-colindex on the rendered cells), virtualized both ways with
 * @tanstack/react-virtual, the star and item columns pinned.
 *
 * Keyboard (the grid is one tab stop; the active cell is aria-activedescendant):
 *   arrows move, Home/End first/last column (with Ctrl: first/last row), PageUp/PageDown by a page,
 *   Enter opens the item's details (on a header: sorts), Space stars the item,
 *   Ctrl+C copies the cell, Ctrl+Shift+C the row.
 */
import { elementScroll, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { MISSING, formatMoney, type MoneyFormat } from '../../../shared/money/money';
import {
  PINNED,
  cellText,
  formatCount,
  cellTitle,
  countOf,
  num,
  rowText,
  signedMoney,
  signedPercent,
  type CellContext,
  type GridColumn,
} from './columns';
import { cellValue, type Snapshot } from './model/columns';
import type { Derived } from './model/derive';
import { shownAsk, shownLocked } from './model/derive';
import type { Changes } from './model/diff';
import type { SortState } from './prefs';
import { Sparkline, useSparklines } from '../history/Sparkline';

const HEADER_H = 30;

/**
 * The virtualizers' size observer without the default's synchronous offsetWidth/offsetHeight read on
 * mount (which forces a style + layout of the freshly inserted grid inside the commit: ~35 ms on a
 * 37k-row first paint). The first size is `initialRect`; ResizeObserver reports the real one after
 * layout, in the rendering step.
 */
function observeRectAsync(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void): () => void {
  const el = instance.scrollElement;
  if (!el) return () => {};
  const ro = new ResizeObserver((entries) => {
    const box = entries[0]?.borderBoxSize?.[0];
    if (box) cb({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
    else cb({ width: el.offsetWidth, height: el.offsetHeight });
  });
  ro.observe(el);
  return () => ro.disconnect();
}

/**
 * The virtualizers write the scroll offset when they attach to an element (0 for a fresh one);
 * scrollTo forces a layout. A freshly mounted element is at 0 already: skip that first write.
 */
const attached = { x: new WeakSet<Element>(), y: new WeakSet<Element>() };
function scrollToLazily(offset: number, options: { adjustments?: number; behavior?: ScrollBehavior }, instance: Virtualizer<HTMLDivElement, Element>): void {
  const el = instance.scrollElement;
  if (!el) return;
  const seen = instance.options.horizontal ? attached.x : attached.y;
  if (!seen.has(el)) {
    seen.add(el);
    if (offset === 0 && !options.adjustments) return;
  }
  elementScroll(offset, options, instance);
}

export interface PriceGridProps {
  snap: Snapshot;
  d: Derived;
  view: Int32Array;
  columns: GridColumn[];
  sort: SortState;
  onSort(colId: string): void;
  watched: Uint8Array;
  onToggleWatch(item: number): void;
  onOpen(item: number): void;
  /** A new price alert on the item (the A key on a row). */
  onAlert?(item: number): void;
  openItem: number | null;
  money: MoneyFormat;
  nameOf(slug: string): string;
  /** Cells that changed at the last refresh (null when none or the flash is over). */
  changes: Changes | null;
  detailsInCells: boolean;
  stale: boolean;
  /** Announce something (copied, starred) in the page's live region. */
  announce(text: string): void;
  label: string;
  /** The grid's size before it mounts (from its container), so the first render is already the real one. */
  initialSize?: { width: number; height: number } | null;
}

interface Active {
  row: number; // -1 = header
  col: number;
}

/** One channel for every afterPaint (a new MessageChannel per call cost ~0.3 ms of each keystroke). */
let afterPaintChannel: { port: MessagePort; queue: Array<() => void> } | null = null;
function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => {
    if (!afterPaintChannel) {
      const ch = new MessageChannel();
      const queue: Array<() => void> = [];
      ch.port1.onmessage = () => queue.shift()?.();
      afterPaintChannel = { port: ch.port2, queue };
    }
    afterPaintChannel.queue.push(fn);
    afterPaintChannel.port.postMessage(0);
  });
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}

interface RowContext extends CellContext {
  columns: GridColumn[];
  left: number[];
  gridId: string;
  changes: Changes | null;
  detailsInCells: boolean;
  openItem: number | null;
  /** Best-ask sparklines of the visible rows by name (read after paint). */
  sparks: ReadonlyMap<string, Float64Array | null> | null;
}

export const PriceGrid = memo(function PriceGrid(props: PriceGridProps) {
  const { snap, d, view, columns, sort, onSort, watched, onToggleWatch, onOpen, onAlert, money, nameOf, changes, detailsInCells, announce } = props;
  const gridId = useId().replace(/:/g, '');
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowH = detailsInCells ? 36 : 24;
  const [active, setActive] = useState<Active | null>(null);

  const pinnedWidth = useMemo(() => columns.slice(0, PINNED).reduce((s, c) => s + c.width, 0), [columns]);
  const scrollCols = useMemo(() => columns.slice(PINNED), [columns]);
  const left = useMemo(() => {
    const out: number[] = [];
    let x = 0;
    for (const c of columns) {
      out.push(x);
      x += c.width;
    }
    return out;
  }, [columns]);
  const totalWidth = useMemo(() => columns.reduce((s, c) => s + c.width, 0), [columns]);

  const rowV = useVirtualizer({
    count: view.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowH,
    overscan: 2,
    paddingStart: HEADER_H,
    scrollPaddingStart: HEADER_H,
    initialRect: props.initialSize ?? undefined,
    observeElementRect: observeRectAsync,
    scrollToFn: scrollToLazily,
  });
  const colV = useVirtualizer({
    horizontal: true,
    count: scrollCols.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => scrollCols[i]?.width ?? 100,
    overscan: 0,
    paddingStart: pinnedWidth,
    scrollPaddingStart: pinnedWidth,
    initialRect: props.initialSize ?? undefined,
    observeElementRect: observeRectAsync,
    scrollToFn: scrollToLazily,
  });
  // Sizes changed (cell details on/off, other markets): drop the cached measurements. Not on mount.
  const measured = useRef({ rowH, scrollCols });
  useLayoutEffect(() => {
    if (measured.current.rowH !== rowH) rowV.measure();
    if (measured.current.scrollCols !== scrollCols) colV.measure();
    measured.current = { rowH, scrollCols };
  }, [rowH, scrollCols, rowV, colV]);

  // Instrumentation for the benchmark: a new snapshot painted, a new view painted.
  useLayoutEffect(() => {
    afterPaint(() => performance.mark('grid:painted', { detail: { items: snap.n } }));
  }, [snap]);
  const viewSeq = useRef(0);
  useLayoutEffect(() => {
    const seq = ++viewSeq.current;
    performance.mark('grid:view-committed', { detail: { rows: view.length, seq } });
    afterPaint(() => performance.mark('grid:view-painted', { detail: { rows: view.length, seq } }));
  }, [view, columns]);

  // Keep the active cell inside the view.
  const clamped = useMemo<Active | null>(
    () => (active ? { row: Math.min(active.row, view.length - 1), col: Math.min(active.col, columns.length - 1) } : null),
    [active, view.length, columns.length],
  );

  const sparkOn = columns.some((c) => c.kind === 'spark');
  const sparks = useSparklines(snap.game, sparkOn ? rowV.getVirtualItems().map((r) => snap.names[view[r.index] ?? -1] ?? '') : [], snap.askMarkets, sparkOn);
  const ctx = useMemo<RowContext>(
    () => ({ snap, d, money, nameOf, watched, columns, left, gridId, changes, detailsInCells, openItem: props.openItem, sparks }),
    [snap, d, money, nameOf, watched, columns, left, gridId, changes, detailsInCells, props.openItem, sparks],
  );

  const scrollToActive = useCallback(
    (a: Active) => {
      if (a.row >= 0) rowV.scrollToIndex(a.row, { align: 'auto' });
      if (a.col >= PINNED) colV.scrollToIndex(a.col - PINNED, { align: 'auto' });
    },
    [rowV, colV],
  );

  const move = useCallback(
    (a: Active) => {
      const next = { row: Math.max(-1, Math.min(view.length - 1, a.row)), col: Math.max(0, Math.min(columns.length - 1, a.col)) };
      setActive(next);
      scrollToActive(next);
    },
    [view.length, columns.length, scrollToActive],
  );

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      const a = clamped ?? { row: view.length > 0 ? 0 : -1, col: 1 };
      const page = Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 400) - HEADER_H) / rowH) - 1);
      const ctrl = e.ctrlKey || e.metaKey;
      let handled = true;
      switch (e.key) {
        case 'ArrowDown':
          move({ ...a, row: a.row + 1 });
          break;
        case 'ArrowUp':
          move({ ...a, row: a.row - 1 });
          break;
        case 'ArrowRight':
          move({ ...a, col: a.col + 1 });
          break;
        case 'ArrowLeft':
          move({ ...a, col: a.col - 1 });
          break;
        case 'Home':
          move(ctrl ? { row: view.length > 0 ? 0 : -1, col: 0 } : { ...a, col: 0 });
          break;
        case 'End':
          move(ctrl ? { row: view.length - 1, col: columns.length - 1 } : { ...a, col: columns.length - 1 });
          break;
        case 'PageDown':
          move({ ...a, row: Math.max(0, a.row) + page });
          break;
        case 'PageUp':
          move({ ...a, row: Math.max(0, a.row - page) });
          break;
        case 'Enter': {
          if (a.row < 0) {
            const c = columns[a.col];
            if (c) onSort(c.id);
          } else {
            const item = view[a.row];
            if (item !== undefined) onOpen(item);
          }
          break;
        }
        case ' ': {
          const item = a.row >= 0 ? view[a.row] : undefined;
          if (item !== undefined) onToggleWatch(item);
          break;
        }
        case 'a':
        case 'A': {
          const item = a.row >= 0 ? view[a.row] : undefined;
          if (ctrl || e.altKey || !onAlert || item === undefined) handled = false;
          else onAlert(item);
          break;
        }
        default:
          handled = false;
      }
      if (!handled && ctrl && (e.key === 'c' || e.key === 'C') && !e.altKey) {
        handled = true;
        const item = a.row >= 0 ? view[a.row] : undefined;
        const col = columns[a.col];
        let text = '';
        let what = '';
        if (e.shiftKey && item !== undefined) {
          text = rowText(ctx, columns, item);
          what = 'row';
        } else if (item !== undefined && col) {
          text = cellText(ctx, col, item);
          what = `${col.title}`;
        } else if (col) {
          text = col.title;
          what = 'header';
        }
        if (text) {
          void copyText(text).then((ok) => announce(ok ? `Copied ${what}: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}` : 'Copy failed'));
        }
      }
      if (handled) {
        e.preventDefault();
        e.stopPropagation();
        if (!active) setActive(a);
      }
    },
    [clamped, view, columns, rowH, move, onSort, onOpen, onToggleWatch, ctx, announce, active, onAlert],
  );

  const locate = (e: MouseEvent): { row: number; col: number } | null => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-col]');
    const rowEl = (e.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!el || !rowEl) return null;
    return { row: Number(rowEl.dataset.row), col: Number(el.dataset.col) };
  };

  const onMouseDown = useCallback((e: MouseEvent<HTMLDivElement>) => {
    const at = locate(e);
    if (at) setActive(at);
  }, []);

  const onClick = useCallback(
    (e: MouseEvent<HTMLDivElement>) => {
      const target = e.target as HTMLElement;
      const action = target.closest<HTMLElement>('[data-action]')?.dataset.action;
      const at = locate(e);
      if (!at) return;
      if (at.row < 0) {
        const c = columns[at.col];
        if (c) onSort(c.id);
        return;
      }
      const item = view[at.row];
      if (item === undefined) return;
      if (action === 'star') onToggleWatch(item);
      else if (action === 'open') onOpen(item);
      // With the detail panel open, a click on a row shows that row's details (as market sites do).
      else if (props.openItem !== null && props.openItem !== item) onOpen(item);
    },
    [columns, view, onSort, onToggleWatch, onOpen, props.openItem],
  );

  // Tooltips are built when the pointer is over a cell, not for every rendered cell.
  const onMouseOver = useCallback(
    (e: MouseEvent<HTMLDivElement>) => {
      const el = (e.target as HTMLElement).closest<HTMLElement>('[role="gridcell"]');
      if (!el) return;
      const rowEl = el.closest<HTMLElement>('[data-row]');
      const col = columns[Number(el.dataset.col)];
      const item = view[Number(rowEl?.dataset.row)];
      if (!col || item === undefined) return;
      // Recomputed on every hover: rows are reused for other items as the view changes.
      el.title = cellTitle(ctx, col, item);
    },
    [columns, view, ctx],
  );

  const onDoubleClick = useCallback(
    (e: MouseEvent<HTMLDivElement>) => {
      const at = locate(e);
      if (!at || at.row < 0) return;
      if ((e.target as HTMLElement).closest('[data-action]')) return;
      const item = view[at.row];
      if (item !== undefined) onOpen(item);
    },
    [view, onOpen],
  );

  const onFocus = useCallback(() => {
    if (!active) setActive({ row: view.length > 0 ? 0 : -1, col: 1 });
  }, [active, view.length]);

  // When the view changes under the active cell (a filter), keep it in range.
  useEffect(() => {
    if (active && active.row >= view.length) setActive({ row: view.length - 1, col: active.col });
  }, [view.length, active]);

  const rows = rowV.getVirtualItems();
  // A stable modulus for row keys (grow-only), so keys don't reshuffle as the rendered count wobbles.
  const keyMod = useRef(1);
  keyMod.current = Math.max(keyMod.current, rows.length);
  const mod = keyMod.current;
  // Children in key order, not row order: rows are absolutely positioned (aria-rowindex gives the order),
  // and a stable DOM order means scrolling moves no elements. (React re-inserts every following sibling
  // when a keyed child moves to the front, so scrolling up in row order re-inserted all rows.)
  const rowsByKey = rows.slice().sort((a, b) => (a.index % mod) - (b.index % mod));
  const colItems = colV.getVirtualItems();
  const from = colItems.length ? (colItems[0]?.index ?? 0) + PINNED : PINNED;
  const to = colItems.length ? (colItems[colItems.length - 1]?.index ?? 0) + PINNED : PINNED - 1;
  const activeId = clamped ? (clamped.row < 0 ? `${gridId}-h-${clamped.col}` : `${gridId}-${clamped.row}-${clamped.col}`) : undefined;

  return (
    <div
      ref={scrollRef}
      className={`pg${detailsInCells ? ' pg--details' : ''}`}
      role="grid"
      aria-label={props.label}
      aria-rowcount={view.length + 1}
      aria-colcount={columns.length}
      aria-activedescendant={activeId}
      data-stale={props.stale ? 'true' : undefined}
      data-testid="price-grid"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onClick={onClick}
      onDoubleClick={onDoubleClick}
      onMouseOver={onMouseOver}
      onFocus={onFocus}
    >
      <div className="pg__canvas" style={{ height: rowV.getTotalSize(), width: totalWidth }}>
        <div role="rowgroup" className="pg__head" style={{ width: totalWidth, height: HEADER_H }}>
          <div role="row" aria-rowindex={1} className="pg__row pg__row--head" data-row={-1} style={{ width: totalWidth, height: HEADER_H }}>
            {columns.map((c, ci) =>
              ci < PINNED || (ci >= from && ci <= to) ? (
                <HeaderCell
                  key={c.id}
                  col={c}
                  ci={ci}
                  left={left[ci] ?? 0}
                  sort={sort}
                  gridId={gridId}
                  active={clamped?.row === -1 && clamped.col === ci}
                />
              ) : null,
            )}
          </div>
        </div>
        <div role="rowgroup" className="pg__body">
          {rowsByKey.map((r) => {
            const item = view[r.index];
            if (item === undefined) return null;
            return (
              <Row
                // Keys recycle over the rendered range (contiguous, so index mod its length is unique):
                // a row scrolling in reuses the elements of the row that scrolled out.
                key={r.index % mod}
                rowIdx={r.index}
                item={item}
                y={r.start}
                height={rowH}
                width={totalWidth}
                from={from}
                to={to}
                activeCol={clamped && clamped.row === r.index ? clamped.col : -1}
                ctx={ctx}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
});

const HeaderCell = memo(function HeaderCell({
  col,
  ci,
  left,
  sort,
  gridId,
  active,
}: {
  col: GridColumn;
  ci: number;
  left: number;
  sort: SortState;
  gridId: string;
  active: boolean;
}) {
  const sorted = sort.col === col.id;
  const ariaSort = sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <div
      role="columnheader"
      id={`${gridId}-h-${ci}`}
      aria-colindex={ci + 1}
      aria-sort={ariaSort}
      data-col={ci}
      data-colid={col.id}
      title={`${col.description}. Click to sort.`}
      className={`pg__cell pg__hcell${col.numeric ? ' pg__num' : ''}${ci < PINNED ? ' pg__pin' : ''}${sorted ? ' is-sorted' : ''}${active ? ' is-active' : ''}${ci === PINNED - 1 ? ' pg__pin--last' : ''}`}
      style={ci < PINNED ? { left, width: col.width } : { left, width: col.width, position: 'absolute' }}
    >
      <span className="pg__htext">{col.kind === 'watch' ? <span aria-label="Watchlist">{'\u2605'}</span> : col.title}</span>
      <span className="pg__sort" aria-hidden="true">
        {sorted ? (sort.dir === 'asc' ? '\u25B2' : '\u25BC') : ''}
      </span>
    </div>
  );
});

interface RowProps {
  rowIdx: number;
  item: number;
  y: number;
  height: number;
  width: number;
  from: number;
  to: number;
  activeCol: number;
  ctx: RowContext;
}

const Row = memo(function Row({ rowIdx, item, y, height, width, from, to, activeCol, ctx }: RowProps) {
  const cells = [];
  const { columns } = ctx;
  for (let ci = 0; ci < columns.length; ci++) {
    if (ci >= PINNED && (ci < from || ci > to)) continue;
    const col = columns[ci] as GridColumn;
    cells.push(<Cell key={col.id} col={col} ci={ci} rowIdx={rowIdx} item={item} active={activeCol === ci} ctx={ctx} />);
  }
  const open = ctx.openItem === item;
  return (
    <div
      role="row"
      aria-rowindex={rowIdx + 2}
      aria-selected={open ? true : undefined}
      data-row={rowIdx}
      data-item={item}
      className={`pg__row${rowIdx % 2 ? ' pg__row--odd' : ''}${open ? ' is-open' : ''}${activeCol >= 0 ? ' is-active-row' : ''}`}
      style={{ transform: `translateY(${y}px)`, height, width }}
    >
      {cells}
    </div>
  );
});

function Missing() {
  return <span className="pg__missing">{MISSING}</span>;
}

function Cell({ col, ci, rowIdx, item, active, ctx }: { col: GridColumn; ci: number; rowIdx: number; item: number; active: boolean; ctx: RowContext }) {
  const { snap, d, money, gridId, left, detailsInCells, changes } = ctx;
  const pin = ci < PINNED;
  let cls = `pg__cell pg__cell--${col.kind}${col.numeric ? ' pg__num' : ''}${pin ? ' pg__pin' : ''}${ci === PINNED - 1 ? ' pg__pin--last' : ''}${active ? ' is-active' : ''}`;
  const style = pin ? { left: left[ci], width: col.width } : { left: left[ci], width: col.width, position: 'absolute' as const };
  let content: ReactNode;
  /** What a screen reader says for the cell when the visible text is terse. */
  let label: string | undefined;
  let value: number | null = null;

  switch (col.kind) {
    case 'watch': {
      const on = ctx.watched[item] === 1;
      content = (
        <button
          type="button"
          tabIndex={-1}
          className={`pg__star${on ? ' is-on' : ''}`}
          data-action="star"
          aria-pressed={on}
          aria-label={`${on ? 'Remove' : 'Add'} ${snap.names[item] ?? ''} ${on ? 'from' : 'to'} the watchlist`}
        >
          {on ? '\u2605' : '\u2606'}
        </button>
      );
      break;
    }
    case 'name': {
      const name = snap.names[item] ?? '';
      content = (
        <>
          <span className="pg__name">{name === '' ? <em className="pg__missing">(no name)</em> : name}</span>
          <button type="button" tabIndex={-1} className="pg__open" data-action="open" aria-label={`Open details for ${name}`} title="Details (Enter)">
            ›
          </button>
        </>
      );
      break;
    }
    case 'bestAsk': {
      value = num(d.bestAsk[item] as number);
      const k = d.bestAskCol[item] as number;
      if (value === null) {
        content = <Missing />;
        label = 'no data';
        cls += ' is-none';
      } else {
        content = (
          <>
            <span className="pg__main">{formatMoney(value, money)}</span>
            {detailsInCells ? <span className="pg__sub pg__sub--best">{ctx.nameOf(snap.askMarkets[k] ?? '')}</span> : null}
          </>
        );
      }
      const flash = changes ? (changes.rows[item] ?? 0) & 3 : 0;
      if (flash) cls += flash === 1 ? ' flash-up' : flash === 2 ? ' flash-down' : ' flash';
      break;
    }
    case 'bestBid': {
      value = num(d.bestBid[item] as number);
      const k = d.bestBidCol[item] as number;
      const orders = num(d.bidOrders[item] as number);
      if (value === null) {
        content = <Missing />;
        label = 'no data';
        cls += ' is-none';
      } else {
        const where = ctx.nameOf(snap.bidMarkets[k] ?? '');
        content = (
          <>
            <span className="pg__main">{formatMoney(value, money)}</span>
            {detailsInCells ? (
              <span className="pg__sub">{`${formatCount(orders)} \u00b7 ${where}`}</span>
            ) : null}
          </>
        );
        label = `${formatMoney(value, money)}, ${where}, ${countOf(orders, 'order')}`;
      }
      const flash = changes ? ((changes.rows[item] ?? 0) >> 2) & 3 : 0;
      if (flash) cls += flash === 1 ? ' flash-up' : flash === 2 ? ' flash-down' : ' flash';
      break;
    }
    case 'spread': {
      value = num(d.spread[item] as number);
      content = value === null ? <Missing /> : <span className="pg__main">{signedMoney(value, money)}</span>;
      if (value === null) label = 'no data';
      if (value !== null) cls += value > 0 ? ' is-pos' : value < 0 ? ' is-neg' : '';
      break;
    }
    case 'spreadPct': {
      const p = num(d.spreadPct[item] as number);
      content = p === null ? <Missing /> : <span className="pg__main">{signedPercent(p)}</span>;
      if (p === null) label = 'no data';
      if (p !== null) cls += p > 0 ? ' is-pos' : p < 0 ? ' is-neg' : '';
      break;
    }
    case 'listed': {
      value = d.listedCount[item] as number;
      content = <span className="pg__main">{value}</span>;
      break;
    }
    case 'spark': {
      const data = ctx.sparks?.get(snap.names[item] ?? '');
      content = data ? <Sparkline values={data} /> : data === null ? <Missing /> : null;
      label = data ? 'best ask over 24 hours' : 'no history yet';
      break;
    }
    case 'market': {
      const k = col.k ?? 0;
      const cell = item * snap.askMarkets.length + k;
      if (!snap.listed[cell]) {
        content = <Missing />;
        label = 'no data';
        cls += ' is-empty';
      } else {
        value = shownAsk(snap, d, item, k);
        const locked = shownLocked(snap, d, item, k);
        const offers = cellValue(snap, 'offers', cell);
        content = (
          <>
            {value === null ? <Missing /> : <span className="pg__main">{formatMoney(value, money)}</span>}
            {detailsInCells ? (
              <span className="pg__sub">{`L ${locked === null ? MISSING : formatMoney(locked, { decimals: money.decimals, symbol: '' })} \u00b7 ${formatCount(offers)}`}</span>
            ) : null}
          </>
        );
        label = `${value === null ? 'no ask tradable now' : formatMoney(value, money)}, locked ${locked === null ? 'none' : formatMoney(locked, money)}, ${countOf(offers, 'offer')}`;
        if (d.bestAskCol[item] === k && value !== null) cls += ' is-best';
      }
      const flash = changes ? (changes.cells[cell] ?? 0) : 0;
      if (flash) cls += flash === 1 ? ' flash-up' : flash === 2 ? ' flash-down' : ' flash';
      break;
    }
  }
  return (
    <div
      role="gridcell"
      id={`${gridId}-${rowIdx}-${ci}`}
      aria-colindex={ci + 1}
      data-col={ci}
      data-value={value === null ? undefined : value}
      aria-label={label}
      className={cls}
      style={style}
    >
      {content}
    </div>
  );
}
