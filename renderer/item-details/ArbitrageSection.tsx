/** The detail panel's best arbitrage pair: buy on one market, sell to a buy order on another, and the profit. */
import { formatMoney, type MoneyFormat } from '../../shared/money/money';
import type { Snapshot } from '../market/model/snapshot';
import type { ArbitragePair } from '../market/model/price-arithmetic';
import { signedMoney, signedPercent } from '../lib/number-format';

export interface ArbitrageSectionProps {
  snap: Snapshot;
  pair: ArbitragePair | null;
  nameOf(slug: string): string;
  money: MoneyFormat;
  net: boolean;
}

export function ArbitrageSection({ snap, pair, nameOf, money, net }: ArbitrageSectionProps) {
  return (
    <section className="dp__section" aria-labelledby="dp-arb">
      <h3 id="dp-arb" className="dp__h3">
        Best arbitrage pair{net ? ' (net of fees)' : ''}
      </h3>
      {pair ? (
        <p
          className={`dp__pair${pair.profit > 0 ? ' is-pos' : pair.profit < 0 ? ' is-neg' : ''}`}
          data-testid="arbitrage"
        >
          Buy on <strong>{nameOf(snap.askMarkets[pair.buyCol] ?? '')}</strong> at {formatMoney(pair.buy, money)}, sell
          to a buy order on <strong>{nameOf(snap.bidMarkets[pair.sellCol] ?? '')}</strong> at{' '}
          {formatMoney(pair.sell, money)}: <strong>{signedMoney(pair.profit, money)}</strong> (
          {signedPercent(pair.percent)})
        </p>
      ) : (
        <p className="dp__muted">No pair: it needs an ask on one market and a buy order on another.</p>
      )}
    </section>
  );
}
