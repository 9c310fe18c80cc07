/**
 * What a page says about the market names this service refused (market discovery): which ones, that they
 * are left out, and what to do. Published names refused are news (the service changed, or the Base URL
 * points at another service); unconfirmed candidates refused are expected, so they are summed up quietly.
 * While a check runs, it says so with its request count. Dismissible until the set of names changes.
 */
import { useState } from 'react';
import { nameStatus } from '../../../shared/catalog/markets';
import type { DiscoveryView } from '../../market/markets/useMarketDiscovery';
import './RefusedMarketsNote.css';

export interface RefusedMarketsNoteProps {
  discovery: DiscoveryView;
  refusedAsk: readonly string[];
  refusedBid: readonly string[];
  nameOf(slug: string): string;
  onOpenMarkets?: () => void;
  className?: string;
}

export function RefusedMarketsNote({
  discovery,
  refusedAsk,
  refusedBid,
  nameOf,
  onOpenMarkets,
  className = '',
}: RefusedMarketsNoteProps) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  const checking = discovery.progress;
  if (checking.length > 0) {
    const requests = checking.reduce((a, p) => a + p.requests, 0);
    return (
      <p className={`mnote mnote--busy ${className}`} role="status" data-testid="markets-checking">
        Checking which markets this service offers… {requests} request{requests === 1 ? '' : 's'} so far (each cancelled
        after its first bytes).
      </p>
    );
  }
  const all = [...new Set([...refusedAsk, ...refusedBid])];
  const key = `${discovery.source}|${discovery.game}|${refusedAsk.join(',')}|${refusedBid.join(',')}`;
  if (all.length === 0 || dismissed === key) return null;
  // A refused name is news unless it was only an unconfirmed candidate for the list it was refused in.
  const newsAsk = refusedAsk.filter((s) => nameStatus('minPrices', s) !== 'candidate');
  const newsBid = refusedBid.filter((s) => nameStatus('maxOrders', s) !== 'candidate');
  const quietAsk = refusedAsk.filter((s) => !newsAsk.includes(s));
  const quietBid = refusedBid.filter((s) => !newsBid.includes(s));
  const important = [...new Set([...newsAsk, ...newsBid])];
  const label = (s: string) => `${nameOf(s)} (${s})`;
  const lists = (ask: readonly string[], bid: readonly string[]) =>
    [
      ask.length ? `lowest asks: ${ask.map(label).join(', ')}` : '',
      bid.length ? `buy orders: ${bid.map(label).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; ');
  return (
    <div
      className={`mnote ${important.length ? 'mnote--warn' : ''} ${className}`}
      role="note"
      data-testid="refused-markets"
    >
      <p>
        {important.length > 0 ? (
          <>
            This service does not offer {important.length === 1 ? 'a market' : `${important.length} of your markets`},
            left out: <span data-testid="refused-important">{lists(newsAsk, newsBid)}</span>.{' '}
          </>
        ) : null}
        {quietAsk.length + quietBid.length > 0 ? (
          <>
            {important.length > 0 ? 'Also not offered, as' : 'Not offered here, as'} unconfirmed names the service has
            not published: <span data-testid="refused-candidates">{lists(quietAsk, quietBid)}</span>.{' '}
          </>
        ) : null}
        Checked again after a day.
      </p>
      <span className="mnote__actions">
        {onOpenMarkets ? (
          <button type="button" className="btn btn--small btn--ghost" onClick={onOpenMarkets}>
            Markets &amp; fees…
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn--small btn--ghost"
          aria-label="Dismiss the note about refused markets"
          onClick={() => setDismissed(key)}
        >
          Dismiss
        </button>
      </span>
    </div>
  );
}

/** The block shown instead of an empty grid when the service refused every market asked for. */
export function AllRefusedBlock({
  refused,
  nameOf,
  onOpenMarkets,
  onCheckAgain,
}: {
  refused: readonly string[];
  nameOf(slug: string): string;
  onOpenMarkets(): void;
  onCheckAgain(): void;
}) {
  return (
    <div className="empty-state" role="alert" data-testid="markets-all-refused">
      <p className="empty-state__title">This service offers none of your markets</p>
      <p className="empty-state__text">
        It refused all {refused.length} market names asked for (
        {refused
          .slice(0, 6)
          .map((s) => nameOf(s))
          .join(', ')}
        {refused.length > 6 ? ', …' : ''}). Check that the Base URL in Settings points at the Item Market Data Service,
        or add the market names your service uses in Markets &amp; fees.
      </p>
      <div className="empty-state__actions">
        <button type="button" className="btn btn--primary" onClick={onOpenMarkets}>
          Markets &amp; fees…
        </button>
        <button type="button" className="btn" onClick={onCheckAgain}>
          Check markets again
        </button>
      </div>
    </div>
  );
}
