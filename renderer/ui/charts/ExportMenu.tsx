/**
 * The frame's "Export" menu button (WAI-ARIA menu button: role=menu, arrow keys, Home/End, Esc returns
 * focus to the button) and the "PNG at size…" dialog.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_PNG_SIDE } from './export/raster';

export type ExportAction =
  | { kind: 'png' }
  | { kind: 'png-size'; width: number; height: number }
  | { kind: 'svg' }
  | { kind: 'csv' }
  | { kind: 'copy' };

const ITEMS: { id: ExportAction['kind']; label: string }[] = [
  { id: 'png', label: 'PNG (2x)' },
  { id: 'png-size', label: 'PNG at size\u2026' },
  { id: 'svg', label: 'SVG' },
  { id: 'csv', label: 'CSV (data)' },
  { id: 'copy', label: 'Copy image' },
];

const MIN_PNG_SIDE = 16;

/** A side length typed by the user: a whole number of pixels in range, or the reason it isn't. */
export function parseSide(text: string): { ok: true; value: number } | { ok: false; problem: string } {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return { ok: false, problem: 'Enter a whole number of pixels.' };
  const v = Number(t);
  if (v < MIN_PNG_SIDE) return { ok: false, problem: `At least ${MIN_PNG_SIDE} px.` };
  if (v > MAX_PNG_SIDE) return { ok: false, problem: `At most ${MAX_PNG_SIDE.toLocaleString('en-US')} px.` };
  return { ok: true, value: v };
}

export function ExportMenu(props: {
  /** The chart's title, for the button's accessible name. */
  title: string;
  disabled: boolean;
  busy: boolean;
  /** The exported image's natural size (1x), for the size dialog's starting values. */
  naturalSize: () => { width: number; height: number } | null;
  onExport: (action: ExportAction) => void;
}) {
  const { title, disabled, busy, naturalSize, onExport } = props;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const dialog = useRef<HTMLDialogElement>(null);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (open) items.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  // A click anywhere else closes the menu (focus stays where the user put it).
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [open]);

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const n = ITEMS.length;
    const current = items.current.findIndex((el) => el === document.activeElement);
    const move = (i: number) => {
      e.preventDefault();
      setFocusIndex(((i % n) + n) % n);
      items.current[((i % n) + n) % n]?.focus();
    };
    switch (e.key) {
      case 'ArrowDown':
        return move(current + 1);
      case 'ArrowUp':
        return move(current - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(n - 1);
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
    }
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openAt(0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(ITEMS.length - 1);
    }
  };

  // ---- PNG at size ----
  const [sizeOpen, setSizeOpen] = useState(false);
  const [size, setSize] = useState({ width: '', height: '', keep: true });
  const ratio = useRef(1);
  const widthCheck = parseSide(size.width);
  const heightCheck = parseSide(size.height);

  const openSizeDialog = () => {
    const natural = naturalSize();
    const w = natural ? natural.width * 2 : 1600;
    const h = natural ? natural.height * 2 : 900;
    ratio.current = h / w;
    setSize({ width: String(Math.min(w, MAX_PNG_SIDE)), height: String(Math.min(h, MAX_PNG_SIDE)), keep: true });
    setSizeOpen(true);
  };

  // Mounted only while open (one dialog per frame would otherwise sit in every page), then shown modal.
  useEffect(() => {
    if (sizeOpen) dialog.current?.showModal();
  }, [sizeOpen]);

  const setSide = (side: 'width' | 'height', text: string) => {
    setSize((s) => {
      const next = { ...s, [side]: text };
      const parsed = parseSide(text);
      if (s.keep && parsed.ok) {
        const other =
          side === 'width' ? Math.round(parsed.value * ratio.current) : Math.round(parsed.value / ratio.current);
        next[side === 'width' ? 'height' : 'width'] = String(other);
      }
      return next;
    });
  };

  const choose = (kind: ExportAction['kind']) => {
    close(true);
    if (kind === 'png-size') openSizeDialog();
    else onExport({ kind } as ExportAction);
  };

  return (
    <div className="chart-menu" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="btn btn--small"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={`Export ${title}`}
        disabled={disabled || busy}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {busy ? 'Exporting\u2026' : 'Export'}
        <svg className="icon chart-menu__caret" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M4.5 6.5 L8 10 L11.5 6.5" />
        </svg>
      </button>
      {open && (
        <div
          id={`${id}-menu`}
          className="chart-menu__list"
          role="menu"
          aria-label={`Export ${title}`}
          onKeyDown={onMenuKey}
        >
          {ITEMS.map((item, i) => (
            <button
              key={item.id}
              ref={(el) => {
                items.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={i === focusIndex ? 0 : -1}
              className="chart-menu__item"
              onClick={() => choose(item.id)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
      {sizeOpen && (
        <dialog
          ref={dialog}
          className="dialog chart-size"
          aria-labelledby={`${id}-size-h`}
          onClose={() => {
            setSizeOpen(false);
            button.current?.focus();
          }}
          onClick={(e) => e.target === dialog.current && dialog.current?.close()}
        >
          <form
            method="dialog"
            className="chart-size__body"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!widthCheck.ok || !heightCheck.ok) return;
              dialog.current?.close();
              onExport({ kind: 'png-size', width: widthCheck.value, height: heightCheck.value });
            }}
          >
            <h2 id={`${id}-size-h`} className="chart-size__title">
              PNG at size
            </h2>
            <p className="chart-size__hint">
              The whole chart is scaled to fit these pixels, up to {MAX_PNG_SIDE.toLocaleString('en-US')} on each side.
            </p>
            <div className="chart-size__fields">
              {(['width', 'height'] as const).map((side) => {
                const check = side === 'width' ? widthCheck : heightCheck;
                return (
                  <div className="field" key={side}>
                    <label className="field__label" htmlFor={`${id}-${side}`}>
                      {side === 'width' ? 'Width (px)' : 'Height (px)'}
                    </label>
                    <input
                      id={`${id}-${side}`}
                      className="input"
                      inputMode="numeric"
                      autoComplete="off"
                      value={size[side]}
                      aria-invalid={!check.ok}
                      aria-describedby={!check.ok ? `${id}-${side}-problem` : undefined}
                      onChange={(e) => setSide(side, e.target.value)}
                    />
                    {!check.ok && (
                      <span id={`${id}-${side}-problem`} className="chart-size__problem">
                        {check.problem}
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
            <label className="chart-size__keep">
              <input
                type="checkbox"
                checked={size.keep}
                onChange={(e) => setSize((s) => ({ ...s, keep: e.target.checked }))}
              />
              Keep the chart’s proportions
            </label>
            <div className="chart-size__actions">
              <button type="button" className="btn btn--small btn--ghost" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
              <button
                type="submit"
                className="btn btn--small btn--primary"
                disabled={!widthCheck.ok || !heightCheck.ok}
              >
                Export PNG
              </button>
            </div>
          </form>
        </dialog>
      )}
    </div>
  );
}
