/** The detail panel's "Every market" table: each shown market's ask, locked price, offers, bid and orders. */
import type { MoneyFormat } from '../../shared/money/money';
import { formatCount } from '../lib/number-format';
import { flagClasses, flagText } from '../ui/trust/trust-text';
import { Icon } from '../ui/Icon';
import type { MarketRow } from './market-rows';
import { Money } from './Money';

export function MarketsTable({
  rows,
  nameOf,
  money,
}: {
  rows: MarketRow[];
  nameOf(slug: string): string;
  money: MoneyFormat;
}) {
  return (
    <section className="dp__section" aria-labelledby="dp-markets">
      <h3 id="dp-markets" className="dp__h3">
        Every market
      </h3>
      <table className="dp__table">
        <thead>
          <tr>
            <th scope="col">Market</th>
            <th scope="col" className="dp__num">
              Ask
            </th>
            <th scope="col" className="dp__num">
              Locked
            </th>
            <th scope="col" className="dp__num">
              Offers
            </th>
            <th scope="col" className="dp__num">
              Bid
            </th>
            <th scope="col" className="dp__num">
              Orders
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.slug} className={r.listed || r.bid !== null ? '' : 'is-empty'}>
              <th scope="row" title={r.stalled ? `${r.slug}: stalled (see below)` : r.slug}>
                {nameOf(r.slug)}
                {r.stalled ? (
                  <span className="dp__stalled" data-testid="detail-stalled-mark">
                    {' '}
                    <Icon name="warn" /> stalled
                  </span>
                ) : null}
              </th>
              <td
                className={`dp__num${r.isBestAsk ? ' is-best' : ''}${flagClasses(r.askBits)}`}
                title={r.askAgeText ? [r.askAgeText, flagText(r.askBits)].filter(Boolean).join('; ') : undefined}
                data-flags={r.askBits || undefined}
              >
                <Money v={r.ask} money={money} />
              </td>
              <td className="dp__num">
                <Money v={r.locked} money={money} />
              </td>
              <td className="dp__num">{formatCount(r.offers)}</td>
              <td
                className={`dp__num${r.isBestBid ? ' is-bestbid' : ''}${flagClasses(r.bidBits)}`}
                title={r.bidAgeText ? [r.bidAgeText, flagText(r.bidBits)].filter(Boolean).join('; ') : undefined}
              >
                <Money v={r.bid} money={money} />
              </td>
              <td className="dp__num">{formatCount(r.orders)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
