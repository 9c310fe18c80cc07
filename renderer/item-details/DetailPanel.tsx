/**
 * One item in full: every market's ask, locked price, offers and buy order, the best arbitrage pair, and
 * where the API has them its Steam analytics (CS2, Dota 2) and price recommendation (useItemLookup fetches
 * them). The model is useDetailPanel; the panel composes its parts.
 */
import { useEffect, useRef } from 'react';
import type { MoneyFormat } from '../../shared/money/money';
import type { Snapshot } from '../market/model/snapshot';
import type { Derived } from '../market/model/derived-columns';
import { HistoryChart } from '../ui/history/HistoryChart';
import type { TrustView } from '../ui/trust/row-confidence';
import { ArbitrageSection } from './ArbitrageSection';
import { DetailActions } from './DetailActions';
import { DetailSummary } from './DetailSummary';
import { LookupSection, Recommendation, Steam } from './ItemLookupSections';
import { MarketsTable } from './MarketsTable';
import { MarkBlock, TrustSection } from './TrustSection';
import { useDetailPanel } from './useDetailPanel';
import './DetailPanel.css';

export { Money } from './Money';

export interface DetailPanelProps {
  snap: Snapshot;
  d: Derived;
  item: number;
  askCols: readonly number[];
  bidCols: readonly number[];
  nameOf(slug: string): string;
  money: MoneyFormat;
  net: boolean;
  watched: boolean;
  /** The item's alerts (a link to the Alerts page when there are any). */
  alertCount: number;
  onToggleWatch(): void;
  onClose(): void;
  /** Increments on a manual refresh: the look-ups fetch again. */
  reloadEpoch: number;
  announce(text: string): void;
  /** Trust: ages, flags, confidence (absent: none shown). */
  trust?: TrustView;
}

export function DetailPanel(props: DetailPanelProps) {
  const { snap, d, item, askCols, bidCols, nameOf, money, net } = props;
  const { name, rec, steam, now, otherAsk, otherBid, rows, pair, markInputs } = useDetailPanel(props);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [item]);

  return (
    <aside
      className="dp"
      aria-labelledby="dp-title"
      data-testid="detail-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          props.onClose();
        }
      }}
    >
      <header className="dp__head">
        <h2 id="dp-title" className="dp__title" ref={heading} tabIndex={-1}>
          {name}
        </h2>
        <DetailActions
          snap={snap}
          name={name}
          watched={props.watched}
          alertCount={props.alertCount}
          onToggleWatch={props.onToggleWatch}
          onClose={props.onClose}
          announce={props.announce}
        />
      </header>

      <DetailSummary
        snap={snap}
        d={d}
        item={item}
        askCols={askCols}
        nameOf={nameOf}
        money={money}
        net={net}
        trust={props.trust}
        now={now}
        otherAsk={otherAsk}
        otherBid={otherBid}
      />

      {props.trust ? (
        <TrustSection
          snap={snap}
          confidence={props.trust.confidenceWith(
            item,
            rec.row ? { reasons: rec.row.unstable_reasons, liquidity: rec.row.liquidity_score } : null,
          )}
          nameOf={nameOf}
          now={now}
        >
          <MarkBlock inputs={markInputs()} money={money} nameOf={nameOf} />
        </TrustSection>
      ) : null}

      <ArbitrageSection snap={snap} pair={pair} nameOf={nameOf} money={money} net={net} />

      <MarketsTable rows={rows} nameOf={nameOf} money={money} />

      <HistoryChart
        game={snap.game}
        name={name}
        askMarkets={askCols.map((k) => snap.askMarkets[k] as string)}
        bidMarkets={bidCols.map((k) => snap.bidMarkets[k] as string)}
        nameOf={nameOf}
        money={money}
      />

      <LookupSection id="dp-rec" title="Price recommendation" lookup={rec} game={snap.game}>
        {rec.row ? <Recommendation rec={rec.row} money={money} /> : null}
      </LookupSection>

      <LookupSection id="dp-steam" title="Steam analytics" lookup={steam} game={snap.game}>
        {steam.row ? <Steam s={steam.row} money={money} /> : null}
      </LookupSection>
    </aside>
  );
}
