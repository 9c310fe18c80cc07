/**
 * The market list (add, remove, rename: a real service's names may differ from the built-in catalog), what
 * this service offers of it (market discovery: offered / refused / not checked yet, with "Check markets
 * again"), and per-market fees (the shipped schedule from each market's public fee page, dated; the user's own
 * figures over it; "Reset fees to defaults"), all remembered. Shown from the grid's "Markets & fees" button,
 * and exported for the Settings page.
 */
import { memo, useId, useState } from 'react';
import { marketInfo, nameStatus, PUBLISHED_NAMES_AS_OF } from '../../../shared/catalog/markets';
import { gameName } from '../../../shared/catalog/games';
import { STEAM_WALLET_FEE_BPS } from '../../../shared/money/steam-fee';
import { usePref, useSelectedGame } from '../../lib/preferences';
import { feeOrigin, feeSchedule, steamGameFeeBps, type FeeOrigin } from '../../market/markets/fees';
import { marketDiscovery, useMarketDiscovery, type DiscoveryView } from '../../market/markets/useMarketDiscovery';
import { bpsToPercentText, parsePercentToBps } from '../../market/model/price-arithmetic';
import {
  DEFAULT_MARKET_LIST,
  GRID_PREFS,
  SLUG_PATTERN,
  marketTradesGame,
  removeMarketEverywhere,
  useFees,
  type MarketEntry,
} from '../../market/prefs';
import { useStalledMarkets } from '../../market/stalled-markets';
import type { MarketStall } from '../../market/trust/types';
import { stallSentence, stallShort } from '../../ui/trust/trust-text';
import { Icon } from '../../ui/Icon';
import { FeeCurrencyNote } from './FeeCurrencyNote';
import './GridSettings.css';

function FeeInput({
  label,
  bps,
  placeholder,
  onCommit,
}: {
  label: string;
  bps: number | null;
  placeholder?: string;
  onCommit(bps: number): void;
}) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (bps === null ? '' : bpsToPercentText(bps));
  const parsed = text === null ? bps : parsePercentToBps(text === '' ? '0' : text);
  const commit = () => {
    if (parsed !== null && text !== null) onCommit(parsed);
    if (parsed !== null || text === null) setText(null);
  };
  return (
    <span className="gset__fee">
      <input
        className="input gset__feeinput"
        inputMode="decimal"
        aria-label={label}
        aria-invalid={(text !== null && parsed === null) || undefined}
        title={
          bps === null && text === null
            ? placeholder === 'Steam'
              ? 'Steam’s own fee function; type a percentage to use yours instead'
              : 'No public fee page found: type your fee'
            : undefined
        }
        value={shown}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setText(null);
        }}
      />
      <span aria-hidden="true">%</span>
    </span>
  );
}

function NameInput({ entry, onCommit }: { entry: MarketEntry; onCommit(name: string): void }) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text !== null && text.trim()) onCommit(text.trim().slice(0, 80));
    setText(null);
  };
  return (
    <input
      className="input gset__name"
      aria-label={`Display name of ${entry.slug}`}
      value={text ?? entry.name}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setText(null);
      }}
    />
  );
}

/** Memo: it has no props (its state is preferences), so the grid's keystrokes never re-render its ~100 inputs. */
export const GridSettingsSections = memo(function GridSettingsSections() {
  const id = useId();
  const [list, setList, resetList] = usePref(GRID_PREFS.markets);
  const [, setChosen] = usePref(GRID_PREFS.chosen);
  const [, setFavourites] = usePref(GRID_PREFS.favourites);
  const [game] = useSelectedGame();
  const [fees, setFee, resetFees] = useFees(game);
  const [overrides] = usePref(GRID_PREFS.fees);
  const discovery = useMarketDiscovery(game);
  const stalls = useStalledMarkets(game);
  const update = (s: string, patch: Partial<MarketEntry>) =>
    setList((prev) => prev.map((m) => (m.slug === s ? { ...m, ...patch } : m)));

  return (
    <section className="card gset" aria-labelledby={`${id}-h`}>
      <div className="card__head">
        <h2 id={`${id}-h`} className="card__title">
          Markets &amp; fees
        </h2>
        <div className="gset__headactions">
          <CheckAgainButton discovery={discovery} list={list} />
          <button
            type="button"
            className="btn btn--small btn--ghost"
            onClick={() => resetFees()}
            disabled={Object.keys(overrides).length === 0}
          >
            Reset fees to defaults
          </button>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            onClick={() => {
              resetList();
              setChosen(null);
            }}
          >
            Restore default markets
          </button>
        </div>
      </div>
      <p className="card__text gset__intro">
        The grid asks the service for these market names: the names the service publishes (as of {PUBLISHED_NAMES_AS_OF}
        ) and unconfirmed ones it may also offer. Names this service refuses are left out by themselves and marked
        below; add a name your service uses with the form underneath. Fees: a <em>buyer fee</em> is added to asks, a{' '}
        <em>seller fee</em> is taken from bids, when “Net of fees” is on. Defaults come from each market’s public fee
        page; type your own over them. <span data-testid="markets-checked">{checkedText(discovery)}</span>
      </p>
      <div className="gset__scroll">
        <table className="gset__table">
          <MarketTableHead game={game} />
          <tbody>
            {list.map((m) => (
              <MarketRow
                key={m.slug}
                m={m}
                game={game}
                fees={fees}
                overrides={overrides}
                discovery={discovery}
                stalls={stalls}
                update={update}
                setFee={setFee}
                remove={() =>
                  removeMarketEverywhere(m.slug, { markets: setList, chosen: setChosen, favourites: setFavourites })
                }
              />
            ))}
          </tbody>
        </table>
      </div>
      <AddMarketForm list={list} setList={setList} />
      <p className="card__text gset__legend">
        <span className="gset__badge gset__badge--candidate">unconfirmed</span> a name the service has not published; it
        is asked for and kept only if the service offers it.{' '}
        <span className="gset__badge gset__badge--unknown">not in catalog</span> a name you added, or one a service sent
        by itself.
      </p>
      <FeeCurrencyNote />
      <p className="card__text gset__count">
        {list.filter((m) => m.ask).length} ask markets, {list.filter((m) => m.bid).length} buy-order markets
        {list.length !== DEFAULT_MARKET_LIST.length || list.some((m, i) => m.slug !== DEFAULT_MARKET_LIST[i]?.slug)
          ? ' (edited)'
          : ''}
        .
      </p>
    </section>
  );
});

function NameBadge({ slug }: { slug: string }) {
  const status = nameStatus('minPrices', slug);
  if (status === 'published') return null;
  if (status === 'candidate')
    return (
      <span
        className="gset__badge gset__badge--candidate"
        title="The service has not published this name: it is a plausible candidate, kept only where the service offers it"
      >
        unconfirmed
      </span>
    );
  return marketInfo(slug) ? null : <span className="gset__badge gset__badge--unknown">not in catalog</span>;
}

const STATE_TEXT = { offered: 'offered', refused: 'refused', unchecked: 'not checked yet' } as const;

/** What this service answered for the market's asks and bids. */
function ServiceState({ discovery, entry, game }: { discovery: DiscoveryView; entry: MarketEntry; game: number }) {
  if (!marketTradesGame(entry.slug, game))
    return <span className="gset__state gset__state--na">not traded in {gameName(game)}</span>;
  const parts: Array<{ side: string; state: keyof typeof STATE_TEXT }> = [];
  if (entry.ask) parts.push({ side: 'asks', state: discovery.stateOf('minPrices', entry.slug) });
  if (entry.bid) parts.push({ side: 'bids', state: discovery.stateOf('maxOrders', entry.slug) });
  const worst = parts.some((p) => p.state === 'refused')
    ? 'refused'
    : parts.every((p) => p.state === 'offered')
      ? 'offered'
      : 'unchecked';
  return (
    <span className={`gset__state gset__state--${worst}`} data-state={worst}>
      {parts.length === 2 && parts[0]!.state !== parts[1]!.state
        ? parts.map((p) => `${p.side} ${STATE_TEXT[p.state]}`).join(', ')
        : STATE_TEXT[worst]}
    </span>
  );
}

/** The market's feed looks stalled in this game (the last poll's trust): since when and why. */
function StalledState({ stalls, entry }: { stalls: readonly MarketStall[]; entry: MarketEntry }) {
  const mine = stalls.filter((s) => s.market === entry.slug);
  if (mine.length === 0) return null;
  const now = Date.now();
  return (
    <span
      className="gset__state gset__state--stalled"
      data-testid="market-stalled"
      title={mine.map((s) => stallSentence(s, entry.name, now)).join('\n')}
    >
      <Icon name="warn" /> {mine.length === 2 ? 'asks and bids ' : mine[0]!.side === 'bid' ? 'bids ' : ''}
      {stallShort(mine[0]!, now)}
    </span>
  );
}

function FeeSource({ slug, origin }: { slug: string; origin: FeeOrigin }) {
  const s = feeSchedule(slug);
  if (origin === 'custom') return <span className="gset__feenote">your figures</span>;
  if (!s || origin === 'unknown')
    return (
      <span className="gset__feenote" title={s?.note}>
        not published{s?.source ? ' (see note)' : ''}
      </span>
    );
  return (
    <a className="gset__feenote" href={s.source} target="_blank" rel="noreferrer" title={s.note}>
      as of {s.asOf}
    </a>
  );
}

function checkedText(d: DiscoveryView): string {
  const running = d.progress;
  if (running.length > 0) {
    const requests = running.reduce((a, p) => a + p.requests, 0);
    return `Checking which markets this service offers… (${requests} request${requests === 1 ? '' : 's'})`;
  }
  const at = Math.max(d.checkedAt('minPrices') ?? 0, d.checkedAt('maxOrders') ?? 0);
  const failed = d.error ? ' The last check could not finish: the service did not answer.' : '';
  return at > 0
    ? `Checked against this service ${new Date(at).toLocaleString()}; checked again after a day.${limitText(d)}${failed}`
    : `Not checked against this service yet.${failed}`;
}

/** What the check found about list sizes: prices are then loaded in batches of that many names and merged. */
function limitText(d: DiscoveryView): string {
  const ask = d.limit('minPrices');
  const bid = d.limit('maxOrders');
  if (ask === null && bid === null) return '';
  const n = ask !== null && bid !== null ? Math.min(ask, bid) : (ask ?? bid);
  const which = ask !== null && bid !== null ? '' : ask !== null ? ' (lowest asks)' : ' (buy orders)';
  return ` This service takes at most ${n} names a request${which}: prices are loaded in batches of ${n} and merged.`;
}

/** Asks the service again about every name of the list (a refused name may be offered by now). */
function CheckAgainButton({ discovery, list }: { discovery: DiscoveryView; list: readonly MarketEntry[] }) {
  const { source, game } = discovery;
  const busy = discovery.progress.length > 0;
  return (
    <button
      type="button"
      className="btn btn--small btn--ghost"
      disabled={source === null || busy}
      onClick={() => {
        if (source === null) return;
        const ask = list.filter((m) => m.ask && marketTradesGame(m.slug, game)).map((m) => m.slug);
        const bid = list.filter((m) => m.bid && marketTradesGame(m.slug, game)).map((m) => m.slug);
        void marketDiscovery.run(source, game, 'minPrices', ask);
        void marketDiscovery.run(source, game, 'maxOrders', bid);
      }}
    >
      {busy ? 'Checking markets…' : 'Check markets again'}
    </button>
  );
}

/** The markets table's column headers. */
function MarketTableHead({ game }: { game: number }) {
  return (
    <thead>
      <tr>
        <th scope="col">Display name</th>
        <th scope="col">Name</th>
        <th scope="col" title={`What this service answered for ${gameName(game)}`}>
          This service
        </th>
        <th scope="col" title="Requested from aggregatedMinPrices">
          Asks
        </th>
        <th scope="col" title="Requested from aggregatedMaxOrders">
          Bids
        </th>
        <th scope="col">Buyer fee</th>
        <th scope="col">Seller fee</th>
        <th scope="col">Fee source</th>
        <th scope="col">
          <span className="visually-hidden">Remove</span>
        </th>
      </tr>
    </thead>
  );
}

interface MarketRowProps {
  m: MarketEntry;
  game: number;
  fees: ReturnType<typeof useFees>[0];
  overrides: Parameters<typeof feeOrigin>[2];
  discovery: ReturnType<typeof useMarketDiscovery>;
  stalls: ReturnType<typeof useStalledMarkets>;
  update(slug: string, patch: Partial<MarketEntry>): void;
  setFee: ReturnType<typeof useFees>[1];
  remove(): void;
}

/** One market of the list: its names, what the service answered, asks and bids, its fees and where they come from. */
function MarketRow({ m, game, fees, overrides, discovery, stalls, update, setFee, remove }: MarketRowProps) {
  const gameFee = steamGameFeeBps(game);
  const fee = fees[m.slug] ?? { buyBps: 0, sellBps: 0 };
  const buyOrigin = feeOrigin(m.slug, 'buyer', overrides, game);
  const sellOrigin = feeOrigin(m.slug, 'seller', overrides, game);
  const steamRule = overrides[m.slug] === undefined && fee.steamPublisherBps !== undefined;
  return (
    <tr data-slug={m.slug}>
      <td>
        <NameInput entry={m} onCommit={(n) => update(m.slug, { name: n })} />
      </td>
      <td>
        <code>{m.slug}</code> <NameBadge slug={m.slug} />
      </td>
      <td>
        <ServiceState discovery={discovery} entry={m} game={game} />
        <StalledState stalls={stalls} entry={m} />
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={`Ask prices from ${m.name}`}
          checked={m.ask}
          onChange={(e) => update(m.slug, { ask: e.target.checked })}
        />
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={`Buy orders from ${m.name}`}
          checked={m.bid}
          onChange={(e) => update(m.slug, { bid: e.target.checked })}
        />
      </td>
      <td data-fee-origin={buyOrigin}>
        <FeeInput
          label={`Buyer fee at ${m.name} in percent`}
          bps={buyOrigin === 'unknown' ? null : fee.buyBps}
          placeholder="—"
          onCommit={(bps) => setFee(m.slug, { buyBps: bps, sellBps: fee.sellBps })}
        />
      </td>
      <td data-fee-origin={sellOrigin}>
        <FeeInput
          label={`Seller fee at ${m.name} in percent`}
          bps={sellOrigin === 'unknown' || steamRule ? null : fee.sellBps}
          placeholder={steamRule ? 'Steam' : '—'}
          onCommit={(bps) => setFee(m.slug, { buyBps: fee.buyBps, sellBps: bps })}
        />
        {steamRule ? (
          <span
            className="gset__feenote"
            title={
              gameFee === null
                ? `Steam's own function: ${bpsToPercentText(STEAM_WALLET_FEE_BPS)} % Steam fee plus the game's fee, which ${gameName(game)}'s publisher does not publish: what a seller receives is unknown, so net prices on Steam show "—". Type the total seller fee you pay to use your own figure.`
                : `Steam's own function: ${bpsToPercentText(STEAM_WALLET_FEE_BPS)} % Steam fee plus the game's fee (${bpsToPercentText(gameFee)} %), each rounded down to the cent and at least 1 cent`
            }
          >
            {` ${bpsToPercentText(STEAM_WALLET_FEE_BPS)} % + ${gameFee === null ? `? (${gameName(game)}'s game fee is not published: net unknown)` : `${bpsToPercentText(gameFee)} %`}`}
          </span>
        ) : null}
      </td>
      <td>
        <FeeSource
          slug={m.slug}
          origin={
            buyOrigin === 'custom' || sellOrigin === 'custom'
              ? 'custom'
              : sellOrigin === 'default' || buyOrigin === 'default'
                ? 'default'
                : 'unknown'
          }
        />
      </td>
      <td>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          aria-label={`Remove ${m.name} (${m.slug})`}
          onClick={remove}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}

/** The form that adds a market name the service uses (checked: a valid slug, not listed, asks or bids). */
function AddMarketForm({
  list,
  setList,
}: {
  list: readonly MarketEntry[];
  setList(update: (prev: MarketEntry[]) => MarketEntry[]): void;
}) {
  const [slug, setSlug] = useState('');
  const [name, setName] = useState('');
  const [ask, setAsk] = useState(true);
  const [bid, setBid] = useState(false);
  const [problem, setProblem] = useState('');

  const add = () => {
    const sl = slug.trim();
    if (!SLUG_PATTERN.test(sl)) {
      setProblem('A slug is letters, digits, and . _ : - (no spaces), up to 64 characters.');
      return;
    }
    if (list.some((m) => m.slug === sl)) {
      setProblem(`“${sl}” is already in the list.`);
      return;
    }
    if (!ask && !bid) {
      setProblem('Choose at least one: lowest asks or buy orders.');
      return;
    }
    setList((prev) => [...prev, { slug: sl, name: name.trim() || sl, ask, bid }]);
    setSlug('');
    setName('');
    setProblem('');
  };

  return (
    <form
      className="gset__add"
      aria-label="Add a market"
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
    >
      <label className="field">
        <span className="field__label">Slug</span>
        <input className="input" value={slug} onChange={(e) => setSlug(e.target.value)} placeholder="e.g. newmarket" />
      </label>
      <label className="field">
        <span className="field__label">Display name</span>
        <input className="input" value={name} onChange={(e) => setName(e.target.value)} placeholder="New Market" />
      </label>
      <label className="gset__check">
        <input type="checkbox" checked={ask} onChange={(e) => setAsk(e.target.checked)} /> Asks
      </label>
      <label className="gset__check">
        <input type="checkbox" checked={bid} onChange={(e) => setBid(e.target.checked)} /> Bids
      </label>
      <button type="submit" className="btn btn--small btn--primary">
        Add market
      </button>
      {problem ? (
        <p className="gset__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
