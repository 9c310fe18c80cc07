/** The item view's items: a picker to add one (up to five) and the shown items, each removable, in its chart colour. */
import { seriesColor } from '../../ui/charts/theme';
import { ItemPicker } from './ItemPicker';

export interface ItemChipsProps {
  /** The catalog's item names (empty while it loads: the picker is then disabled). */
  names: readonly string[];
  loaded: boolean;
  /** The items asked for in the address, and those shown (the most traded when none is asked for). */
  items: string[];
  shown: string[];
  max: number;
  onItems(items: string[]): void;
}

export function ItemChips({ names, loaded, items, shown, max, onItems }: ItemChipsProps) {
  return (
    <div className="an__items">
      <ItemPicker
        names={names}
        label={items.length === 0 ? 'Item' : 'Add an item to compare'}
        disabled={!loaded || items.length >= max}
        onPick={(name) => onItems(items.includes(name) ? items : [...items, name].slice(0, max))}
      />
      <ul className="an__chips" aria-label="Items shown">
        {shown.map((n, i) => (
          <li key={n} className="an__chip">
            <span className="an__swatch" style={{ background: seriesColor(i) }} aria-hidden="true" />
            {n}
            {items.includes(n) ? (
              <button
                type="button"
                className="btn btn--ghost btn--small"
                aria-label={`Remove ${n}`}
                onClick={() => onItems(items.filter((x) => x !== n))}
              >
                ×
              </button>
            ) : (
              <span className="an__hint">(most traded; pick another above)</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
