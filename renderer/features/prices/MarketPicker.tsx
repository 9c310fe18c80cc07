/** Which ask markets are columns: a popover over the market list, with presets and a remembered choice. */
import { memo, useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { gameName } from '../../../shared/catalog/games';
import { usePref } from '../../lib/preferences';
import { GRID_PREFS, marketTradesGame, type MarketPlan } from '../../market/prefs';
import './MarketPicker.css';

/** While `open`, a mouse press outside `root` closes it. */
function useCloseOnClickOutside(root: RefObject<HTMLElement | null>, open: boolean, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('mousedown', onDown);
    return () => window.removeEventListener('mousedown', onDown);
  }, [root, open, setOpen]);
}

/** Memo: the grid's keystrokes don't re-render it (plan is memoized by its inputs). */
export const MarketPicker = memo(function MarketPicker({
  plan,
  game,
}: {
  plan: MarketPlan & { chosen: string[] | null };
  game: number;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [find, setFind] = useState('');
  const [, setChosen] = usePref(GRID_PREFS.chosen);
  const [favourites, setFavourites] = usePref(GRID_PREFS.favourites);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const all = plan.askList;
  const chosenSet = useMemo(() => new Set(plan.chosen ?? all.map((m) => m.slug)), [plan.chosen, all]);
  const shown = plan.askMarkets.length;
  const forGame = all.filter((m) => marketTradesGame(m.slug, game)).length;

  useCloseOnClickOutside(root, open, setOpen);

  const setList = (slugs: string[] | null) =>
    setChosen(slugs === null ? null : all.map((m) => m.slug).filter((s) => slugs.includes(s)));
  const toggle = (slug: string) => {
    const next = new Set(chosenSet);
    if (next.has(slug)) next.delete(slug);
    else next.add(slug);
    setList(next.size === all.length ? null : [...next]);
  };
  const q = find.trim().toLowerCase();
  const visible = q ? all.filter((m) => m.slug.toLowerCase().includes(q) || m.name.toLowerCase().includes(q)) : all;
  const isFav =
    plan.chosen !== null && favourites.length === plan.chosen.length && favourites.every((s) => chosenSet.has(s));

  return (
    <div className="mp" ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn--small"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
        title="Choose the market columns"
      >
        Markets{' '}
        <span className="mp__count">
          {shown}/{forGame}
        </span>{' '}
        ▾
      </button>
      {open ? (
        <div
          id={`${id}-panel`}
          className="mp__panel"
          role="dialog"
          aria-label="Choose markets"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setOpen(false);
              button.current?.focus();
            }
          }}
        >
          <MarketPresets
            chosenAll={plan.chosen === null}
            isFav={isFav}
            favourites={favourites}
            onAll={() => setChosen(null)}
            onList={setList}
            onSaveFavourites={() => setFavourites(all.map((m) => m.slug).filter((s) => chosenSet.has(s)))}
          />
          <input
            type="search"
            className="input mp__find"
            placeholder="Find a market"
            aria-label="Find a market"
            value={find}
            onChange={(e) => setFind(e.target.value)}
            autoFocus
          />
          <MarketList
            visible={visible}
            game={game}
            chosen={chosenSet}
            favourites={favourites}
            find={find}
            onToggle={toggle}
          />
        </div>
      ) : null}
    </div>
  );
});

/** The choice's presets: all markets, the favourites, none, and saving the current choice as favourites. */
function MarketPresets(props: {
  chosenAll: boolean;
  isFav: boolean;
  favourites: readonly string[];
  onAll(): void;
  onList(slugs: string[]): void;
  onSaveFavourites(): void;
}) {
  const { favourites } = props;
  return (
    <div className="mp__presets" role="group" aria-label="Presets">
      <button type="button" className="btn btn--small" aria-pressed={props.chosenAll} onClick={props.onAll}>
        All
      </button>
      <button
        type="button"
        className="btn btn--small"
        aria-pressed={props.isFav}
        onClick={() => props.onList([...favourites])}
      >
        Favourites ({favourites.length})
      </button>
      <button type="button" className="btn btn--small" onClick={() => props.onList([])}>
        None
      </button>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        onClick={props.onSaveFavourites}
        title="Remember the current choice as your favourites"
      >
        Save as favourites
      </button>
    </div>
  );
}

/** The markets found, each a checkbox (a market that does not trade this game says so). */
function MarketList(props: {
  visible: readonly { slug: string; name: string }[];
  game: number;
  chosen: ReadonlySet<string>;
  favourites: readonly string[];
  find: string;
  onToggle(slug: string): void;
}) {
  const { visible, game } = props;
  return (
    <ul className="mp__list" aria-label="Markets">
      {visible.map((m) => {
        const trades = marketTradesGame(m.slug, game);
        return (
          <li key={m.slug}>
            <label className={`mp__item${trades ? '' : ' is-off'}`}>
              <input type="checkbox" checked={props.chosen.has(m.slug)} onChange={() => props.onToggle(m.slug)} />
              <span className="mp__name">{m.name}</span>
              <span className="mp__slug">{m.slug}</span>
              {trades ? null : <span className="mp__note">not on {gameName(game)}</span>}
              {props.favourites.includes(m.slug) ? (
                <span className="mp__fav" title="In your favourites">
                  ★
                </span>
              ) : null}
            </label>
          </li>
        );
      })}
      {visible.length === 0 ? <li className="mp__none">No market matches “{props.find}”.</li> : null}
    </ul>
  );
}
