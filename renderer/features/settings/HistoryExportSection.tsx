/** Settings → Price history → Export for analysts: a game, a range, every item or the watchlist's, every market. */
import { useCallback, useId, useMemo, useState } from 'react';
import { GAMES } from '../../../shared/catalog/games';
import { usePref, useSelectedGame } from '../../lib/preferences';
import { DAY } from '../../market/history/chunk-codec';
import { GRID_PREFS } from '../../market/prefs';
import { HistoryExport } from '../../ui/history/HistoryExport';

const EXPORT_RANGES = [
  { id: '1d', label: 'Last 24 hours', ms: DAY },
  { id: '7d', label: 'Last 7 days', ms: 7 * DAY },
  { id: '30d', label: 'Last 30 days', ms: 30 * DAY },
  { id: 'all', label: 'Everything kept', ms: Infinity },
] as const;

export function HistoryExportSection() {
  const id = useId();
  const [selected] = useSelectedGame();
  const [watchAll] = usePref(GRID_PREFS.watchlist);
  const [game, setGame] = useState<number>(selected);
  const [range, setRange] = useState<(typeof EXPORT_RANGES)[number]['id']>('7d');
  const [items, setItems] = useState<'all' | 'watchlist'>('all');
  const watch = useMemo(() => watchAll[String(game)] ?? [], [watchAll, game]);
  const selection = useCallback(() => {
    const to = Date.now();
    const ms = EXPORT_RANGES.find((r) => r.id === range)?.ms ?? DAY;
    return {
      game,
      names: items === 'watchlist' ? [...watch] : null,
      markets: null,
      from: Number.isFinite(ms) ? to - ms : 0,
      to,
    };
  }, [game, range, items, watch]);
  return (
    <fieldset className="hist__export-set" data-testid="history-export">
      <legend className="field__label">Export for analysts</legend>
      <p className="field__hint">
        One row per change: time, item, market, side (ask or bid), price in thousandths, with the resolution of each row
        and a provenance.json (service, game, refresh interval, resolution of each part).
      </p>
      <div className="form form--grid">
        <label className="field">
          <span className="field__label">Game</span>
          <select
            id={`${id}-g`}
            className="input select"
            value={game}
            onChange={(e) => setGame(Number(e.target.value))}
          >
            {GAMES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Range</span>
          <select className="input select" value={range} onChange={(e) => setRange(e.target.value as typeof range)}>
            {EXPORT_RANGES.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Items</span>
          <select className="input select" value={items} onChange={(e) => setItems(e.target.value as typeof items)}>
            <option value="all">Every item</option>
            <option value="watchlist">The watchlist ({watch.length.toLocaleString('en-US')})</option>
          </select>
        </label>
      </div>
      <HistoryExport selection={selection} label="Export history" testId="history-export-settings" />
    </fieldset>
  );
}
