/** The "PNG at size…" dialog: width and height in pixels (checked as typed), proportions kept or not. */
import { useEffect, useRef, useState } from 'react';
import { MAX_PNG_SIDE } from './export/raster';
import { parseSide, startSize, withSide } from './png-size';

interface PngSizeDialogProps {
  /** The menu's id, the prefix of the dialog's ids. */
  id: string;
  /** The exported image's natural size (1x), for the starting values. */
  natural: { width: number; height: number } | null;
  onExport(size: { width: number; height: number }): void;
  onClose(): void;
}

/** Mounted only while open (one dialog per frame would otherwise sit in every page), then shown modal. */
export function PngSizeDialog({ id, natural, onExport, onClose }: PngSizeDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [start] = useState(() => startSize(natural));
  const [size, setSize] = useState(start.fields);
  const widthCheck = parseSide(size.width);
  const heightCheck = parseSide(size.height);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="dialog chart-size"
      aria-labelledby={`${id}-size-h`}
      onClose={onClose}
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
          onExport({ width: widthCheck.value, height: heightCheck.value });
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
                  onChange={(e) => {
                    const text = e.target.value;
                    setSize((s) => withSide(s, side, text, start.ratio));
                  }}
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
          <button type="submit" className="btn btn--small btn--primary" disabled={!widthCheck.ok || !heightCheck.ok}>
            Export PNG
          </button>
        </div>
      </form>
    </dialog>
  );
}
