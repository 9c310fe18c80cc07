/**
 * The optional markets filter of the REST recommendations form: base the suggestions on chosen
 * marketplaces only. A disclosure with a checkbox per market of the game; none checked = no filter. Names
 * this service refused (market discovery) are marked and cannot be chosen.
 */
import { useId, useRef } from 'react';
import { MARKETS, type MarketKind } from '../../../shared/catalog/markets';

const KIND: Record<MarketKind, string> = { steam: 'Steam', p2p: 'Peer-to-peer', bot: 'Bot', gambling: 'Gambling' };

export function RecMarketsFilter({
  game,
  value,
  refused,
  onChange,
}: {
  game: number;
  value: readonly string[];
  refused: ReadonlySet<string>;
  onChange(markets: string[]): void;
}) {
  const id = useId();
  const ref = useRef<HTMLDetailsElement>(null);
  const list = MARKETS.filter((m) => m.games.includes(game));
  const chosen = new Set(value);
  const toggle = (slug: string) =>
    onChange(list.map((m) => m.slug).filter((s) => (s === slug ? !chosen.has(s) : chosen.has(s))));
  return (
    <details
      ref={ref}
      className="rmf"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && ref.current?.open) {
          ref.current.open = false;
          ref.current.querySelector('summary')?.focus();
          e.stopPropagation();
        }
      }}
    >
      <summary className="btn btn--small" aria-describedby={`${id}-what`} data-testid="rec-markets">
        {value.length === 0 ? 'All markets' : `${value.length} market${value.length === 1 ? '' : 's'}`} ▾
      </summary>
      <div className="rmf__pop" role="group" aria-label="Base suggestions on these markets">
        <p id={`${id}-what`} className="rmf__note">
          Base the suggested prices on these markets only (none checked: all markets of the type).
        </p>
        <div className="rmf__list">
          {list.map((m) => (
            <label key={m.slug} className="rmf__item">
              <input
                type="checkbox"
                checked={chosen.has(m.slug)}
                disabled={refused.has(m.slug) && !chosen.has(m.slug)}
                onChange={() => toggle(m.slug)}
                data-slug={m.slug}
              />{' '}
              {m.name}
              <span className="rmf__kind">{refused.has(m.slug) ? 'not offered by this service' : KIND[m.kind]}</span>
            </label>
          ))}
        </div>
        <div className="rmf__foot">
          <button
            type="button"
            className="btn btn--small btn--ghost"
            disabled={value.length === 0}
            onClick={() => onChange([])}
          >
            No filter
          </button>
          <button type="button" className="btn btn--small" onClick={() => ref.current && (ref.current.open = false)}>
            Done
          </button>
        </div>
      </div>
    </details>
  );
}
