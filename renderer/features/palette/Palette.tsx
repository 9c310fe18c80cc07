/**
 * The command palette (Ctrl/Cmd+K): jump to an item, a page, a game, or run an action, by keyboard.
 * A modal <dialog> with a combobox and a listbox of grouped options; focus stays in the field and the active
 * option is aria-activedescendant; Esc closes and gives focus back. With item matches, the last two actions
 * are "Add <best match> to portfolio…" and "New alert for <best match>…", and the active option stays the
 * first other one, so Enter keeps its meaning. Items: market/item-names.ts, ranked by market/model/rank.ts.
 * This file opens and closes the palette and wires usePaletteModel to PaletteList and PaletteFoot.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { SHORTCUTS, useGlobalKeys } from '../../lib/shortcuts';
import { PaletteFoot } from './PaletteFoot';
import { PaletteList } from './PaletteList';
import { usePaletteModel } from './usePaletteModel';
import './palette.css';

export function Palette() {
  const [open, setOpen] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);

  const restore = useRef(false);
  const close = useCallback((restoreFocus: boolean) => {
    restore.current = restoreFocus;
    setOpen(false);
  }, []);
  // Focus goes back once the modal dialog is closed (while it is open, the rest of the page is inert).
  useEffect(() => {
    if (open) return;
    const el = returnFocus.current;
    returnFocus.current = null;
    if (restore.current && el?.isConnected) el.focus();
    restore.current = false;
  }, [open]);

  const onKey = useCallback(
    (e: KeyboardEvent): boolean => {
      if (!SHORTCUTS.palette.matches(e)) return false;
      if (open) close(true);
      else {
        returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setOpen(true);
      }
      return true;
    },
    [open, close],
  );
  useGlobalKeys(onKey);

  const focusBefore = useCallback(() => returnFocus.current, []);
  return open ? <PaletteDialog onClose={close} focusBefore={focusBefore} /> : null;
}

/** Shows the dialog modally on mount with the field focused, and closes it on unmount. */
function usePaletteDialog(
  dialogRef: RefObject<HTMLDialogElement | null>,
  inputRef: RefObject<HTMLInputElement | null>,
): void {
  useEffect(() => {
    const d = dialogRef.current;
    if (d && !d.open) d.showModal();
    inputRef.current?.focus();
    return () => d?.close();
    // Ref objects keep their identity: this runs once, on mount.
  }, [dialogRef, inputRef]);
}

/** `focusBefore`: what had focus before the palette opened (a dialog opened from it gives focus back there). */
function PaletteDialog({
  onClose,
  focusBefore,
}: {
  onClose: (restoreFocus: boolean) => void;
  focusBefore: () => HTMLElement | null;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  usePaletteDialog(dialogRef, inputRef);
  const m = usePaletteModel({ onClose, focusBefore });

  return (
    <dialog
      ref={dialogRef}
      className="dialog palette"
      aria-label="Command palette"
      data-testid="palette"
      onCancel={(e) => {
        e.preventDefault();
        onClose(true);
      }}
      onClick={(e) => {
        if (e.target === dialogRef.current) onClose(true);
      }}
    >
      <div className="palette__box">
        <input
          ref={inputRef}
          className="palette__input"
          type="text"
          role="combobox"
          aria-label="Search items, pages, games and actions"
          aria-expanded={m.options.length > 0}
          aria-controls={m.listId}
          aria-autocomplete="list"
          aria-activedescendant={m.current >= 0 ? m.optionId(m.current) : undefined}
          placeholder="Search items, pages, games, actions…"
          autoComplete="off"
          spellCheck={false}
          value={m.query}
          onChange={m.onQueryChange}
          onKeyDown={m.onKeyDown}
        />
        <PaletteList
          listId={m.listId}
          options={m.options}
          current={m.current}
          optionId={m.optionId}
          setActive={m.setActive}
          runAt={m.runAt}
        />
        <PaletteFoot itemNote={m.itemNote} />
        <div className="visually-hidden" role="status" aria-live="polite">
          {m.status}
        </div>
      </div>
    </dialog>
  );
}
