/** The detail panel's summary: best ask and best bid (where, how old, the next best), spread, markets listing. */
import type { MoneyFormat } from '../../shared/money/money';
import type { Derived } from '../market/model/derived-columns';
import type { Snapshot } from '../market/model/snapshot';
import { countOf, num, signedMoney, signedPercent } from '../lib/number-format';
import type { OtherBest, TrustView } from '../ui/trust/row-confidence';
import { askAge, bidAge, quoteAgeText } from '../ui/trust/trust-text';
import { Money } from './Money';
import { OtherBestLine } from './TrustSection';

export interface DetailSummaryProps {
  snap: Snapshot;
  d: Derived;
  item: number;
  askCols: readonly number[];
  nameOf(slug: string): string;
  money: MoneyFormat;
  net: boolean;
  trust?: TrustView;
  now: number;
  otherAsk?: OtherBest;
  otherBid?: OtherBest;
}

export function DetailSummary(props: DetailSummaryProps) {
  const { snap, d, item, askCols, nameOf, money, net, trust, now, otherAsk, otherBid } = props;
  const m = snap.askMarkets.length;
  const b = snap.bidMarkets.length;
  const bestAsk = num(d.bestAsk[item] as number);
  const bestBid = num(d.bestBid[item] as number);
  const spread = num(d.spread[item] as number);
  const spreadPct = num(d.spreadPct[item] as number);
  return (
    <dl className="dp__summary">
      <div>
        <dt>Best ask{net ? ' (net)' : ''}</dt>
        <dd className="dp__num">
          <Money v={bestAsk} money={money} />
          {bestAsk !== null ? <small>{nameOf(snap.askMarkets[d.bestAskCol[item] as number] ?? '')}</small> : null}
          {trust && bestAsk !== null ? (
            <small className="dp__age" data-testid="detail-best-ask-age">
              {quoteAgeText(askAge(snap.trust, item * m + (d.bestAskCol[item] as number)), now)}
            </small>
          ) : null}
          {otherAsk ? <OtherBestLine other={otherAsk} money={money} nameOf={nameOf} /> : null}
        </dd>
      </div>
      <div>
        <dt>Best bid{net ? ' (net)' : ''}</dt>
        <dd className="dp__num">
          <Money v={bestBid} money={money} />
          {bestBid !== null ? (
            <small>
              {nameOf(snap.bidMarkets[d.bestBidCol[item] as number] ?? '')} ·{' '}
              {countOf(num(d.bidOrders[item] as number), 'order')}
            </small>
          ) : null}
          {trust && bestBid !== null ? (
            <small className="dp__age" data-testid="detail-best-bid-age">
              {quoteAgeText(bidAge(snap.trust, item * b + (d.bestBidCol[item] as number)), now)}
            </small>
          ) : null}
          {otherBid ? <OtherBestLine other={otherBid} money={money} nameOf={nameOf} /> : null}
        </dd>
      </div>
      <div>
        <dt>Spread</dt>
        <dd className={`dp__num${spread === null ? '' : spread > 0 ? ' is-pos' : spread < 0 ? ' is-neg' : ''}`}>
          {signedMoney(spread, money)} <small>{signedPercent(spreadPct)}</small>
        </dd>
      </div>
      <div>
        <dt>Markets listing</dt>
        <dd className="dp__num">
          {d.listedCount[item]} <small>of {askCols.length}</small>
        </dd>
      </div>
    </dl>
  );
}
