/**
 * The frame's "Export" menu button (WAI-ARIA menu button: role=menu, arrow keys, Home/End, Esc returns
 * focus to the button) and the "PNG at size…" dialog.
 */
import { useId, useState } from 'react';
import { PngSizeDialog } from './PngSizeDialog';
import { useMenuButton } from './useMenuButton';

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
  const menu = useMenuButton(ITEMS.length);
  /** The size dialog's starting natural size while it is open. */
  const [sizing, setSizing] = useState<{ natural: { width: number; height: number } | null } | null>(null);

  const choose = (kind: ExportAction['kind']) => {
    menu.close(true);
    if (kind === 'png-size') setSizing({ natural: naturalSize() });
    else onExport({ kind } as ExportAction);
  };

  return (
    <div className="chart-menu" ref={menu.wrap}>
      <button
        ref={menu.button}
        type="button"
        className="btn btn--small"
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-controls={menu.open ? `${id}-menu` : undefined}
        aria-label={`Export ${title}`}
        disabled={disabled || busy}
        onClick={menu.toggle}
        onKeyDown={menu.onButtonKey}
      >
        {busy ? 'Exporting\u2026' : 'Export'}
        <svg className="icon chart-menu__caret" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M4.5 6.5 L8 10 L11.5 6.5" />
        </svg>
      </button>
      {menu.open && (
        <div
          id={`${id}-menu`}
          className="chart-menu__list"
          role="menu"
          aria-label={`Export ${title}`}
          onKeyDown={menu.onMenuKey}
        >
          {ITEMS.map((item, i) => (
            <button
              key={item.id}
              ref={(el) => {
                menu.items.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={i === menu.focusIndex ? 0 : -1}
              className="chart-menu__item"
              onClick={() => choose(item.id)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
      {sizing && (
        <PngSizeDialog
          id={id}
          natural={sizing.natural}
          onExport={(size) => onExport({ kind: 'png-size', ...size })}
          onClose={() => {
            setSizing(null);
            menu.button.current?.focus();
          }}
        />
      )}
    </div>
  );
}
