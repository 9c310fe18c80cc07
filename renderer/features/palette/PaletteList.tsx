/**
 * The palette's listbox: the options in their groups, each group under its heading. Only the lines in sight
 * are rendered (lib/useRowWindow.ts, one fixed height for headings and options): a keystroke that changes
 * every result lays out a screenful, not all of them. Each option carries its place in the whole list
 * (aria-posinset / aria-setsize), and the active option is scrolled into sight as it moves.
 */
import { memo, useEffect, useMemo, useRef } from 'react';
import { useRowWindow } from '../../lib/useRowWindow';
import type { Group, PaletteOption } from './palette-options';

/** Every line's height, headings and options alike, in px. */
const LINE_H = 32;
/** Space above the first line and below the last. */
const PAD = 4;
/** The list's height before it is measured: the dialog's most (palette.css) less the field and notes. */
const FIRST_HEIGHT = 440;

interface PaletteListProps {
  listId: string;
  options: readonly PaletteOption[];
  current: number;
  optionId(i: number): string;
  setActive(i: number): void;
  runAt(i: number, alt: boolean): void;
}

/** A heading before each group's first option, then the option's index (options come sorted by group). */
type Line = { group: Group; option: number };

function linesOf(options: readonly PaletteOption[]): Line[] {
  const lines: Line[] = [];
  let last: Group | null = null;
  options.forEach((o, i) => {
    if (o.group !== last) lines.push({ group: o.group, option: -1 });
    last = o.group;
    lines.push({ group: o.group, option: i });
  });
  return lines;
}

export function PaletteList({ listId, options, current, optionId, setActive, runAt }: PaletteListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const lines = useMemo(() => linesOf(options), [options]);
  const win = useRowWindow(scrollRef, lines.length, LINE_H, PAD, 2, FIRST_HEIGHT);
  const { scrollToRow } = win;
  const currentLine = useMemo(() => lines.findIndex((l) => l.option === current), [lines, current]);
  useEffect(() => {
    // Not while the dialog is still closed (nothing to measure yet); the first option is at the top anyway.
    if (currentLine >= 0 && (scrollRef.current?.clientHeight ?? 0) > 0) scrollToRow(currentLine);
  }, [currentLine, scrollToRow]);

  // The lines in sight, grouped: each group that has any is one role=group box named by its heading.
  const groups: { group: Group; lines: { line: Line; at: number }[] }[] = [];
  for (let at = win.first; at < win.end; at++) {
    const line = lines[at];
    if (!line) continue;
    const open = groups[groups.length - 1];
    if (open?.group === line.group) open.lines.push({ line, at });
    else groups.push({ group: line.group, lines: [{ line, at }] });
  }
  return (
    <div ref={scrollRef} id={listId} className="palette__list" role="listbox" aria-label="Results">
      <div className="palette__lines" style={{ height: win.totalHeight + 2 * PAD }}>
        {groups.map(({ group, lines: shown }) => (
          <div
            key={group}
            role="group"
            aria-label={group}
            className="palette__group"
            style={{ top: PAD + (shown[0]?.at ?? 0) * LINE_H, height: shown.length * LINE_H }}
          >
            {shown.map(({ line }, k) => {
              const top = k * LINE_H;
              const o = options[line.option];
              if (!o) {
                return (
                  <div key="head" className="palette__grouphead" role="presentation" style={{ top, height: LINE_H }}>
                    {group}
                  </div>
                );
              }
              return (
                <PaletteRow
                  key={o.key}
                  id={optionId(line.option)}
                  index={line.option}
                  count={options.length}
                  top={top}
                  group={o.group}
                  label={o.label}
                  hint={o.hint}
                  selected={line.option === current}
                  setActive={setActive}
                  runAt={runAt}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

interface PaletteRowProps {
  id: string;
  index: number;
  count: number;
  top: number;
  group: Group;
  label: string;
  hint: string | undefined;
  selected: boolean;
  setActive(i: number): void;
  runAt(i: number, alt: boolean): void;
}

/** One option: the pointer over it makes it active, a click runs it (Shift+click: the item in Analytics). */
const PaletteRow = memo(function PaletteRow({
  id,
  index,
  count,
  top,
  group,
  label,
  hint,
  selected,
  setActive,
  runAt,
}: PaletteRowProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-posinset={index + 1}
      aria-setsize={count}
      className={`palette__option${selected ? ' palette__option--active' : ''}`}
      style={{ top, height: LINE_H }}
      // Keeps focus in the field.
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={() => {
        if (!selected) setActive(index);
      }}
      onClick={(e) => runAt(index, e.shiftKey)}
    >
      <span className="palette__label">{label}</span>
      {hint ? (
        <span className="palette__hint">{group === 'Games' ? hint : <kbd className="kbd">{hint}</kbd>}</span>
      ) : null}
    </div>
  );
});
