/**
 * The palette's listbox: the options in their groups (a group with no match is left out), each option a
 * memoized row, so moving the active option re-renders the two rows it leaves and reaches only.
 */
import { memo } from 'react';
import { GROUPS, type Group, type PaletteOption } from './palette-options';

interface PaletteListProps {
  listId: string;
  baseId: string;
  options: readonly PaletteOption[];
  current: number;
  optionId(i: number): string;
  setActive(i: number): void;
  runAt(i: number, alt: boolean): void;
}

export function PaletteList({ listId, baseId, options, current, optionId, setActive, runAt }: PaletteListProps) {
  return (
    <div id={listId} className="palette__list" role="listbox" aria-label="Results">
      {GROUPS.map((group) => {
        const inGroup = options.filter((o) => o.group === group);
        if (inGroup.length === 0) return null;
        const headId = `${baseId}-g-${group}`;
        return (
          <div key={group} role="group" aria-labelledby={headId} className="palette__group">
            <div id={headId} className="palette__grouphead" role="presentation">
              {group}
            </div>
            {inGroup.map((o) => {
              const i = options.indexOf(o);
              return (
                <PaletteRow
                  key={o.key}
                  id={optionId(i)}
                  index={i}
                  group={o.group}
                  label={o.label}
                  hint={o.hint}
                  selected={i === current}
                  setActive={setActive}
                  runAt={runAt}
                />
              );
            })}
          </div>
        );
      })}
    </div>
  );
}

interface PaletteRowProps {
  id: string;
  index: number;
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
      className={`palette__option${selected ? ' palette__option--active' : ''}`}
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
