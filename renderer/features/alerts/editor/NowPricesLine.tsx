/** The item's best ask and bid now (useItemNowPrices), or why there are none. */
import { memo } from 'react';
import { formatMoney, type MoneyFormat } from '../../../../shared/money/money';
import type { NowPrices } from './useItemNowPrices';

export const NowPricesLine = memo(function NowPricesLine({
  now,
  net,
  money,
  nameOf,
}: {
  now: NowPrices;
  net: boolean;
  money: MoneyFormat;
  nameOf(slug: string): string;
}) {
  return (
    <p className="al-now" data-testid="alert-editor-now">
      {now.snap ? (
        now.ask || now.bid ? (
          <>
            Now{net ? ' (net of fees)' : ''}: best ask <strong>{formatMoney(now.ask?.price ?? null, money)}</strong>
            {now.ask ? ` on ${nameOf(now.ask.market)}` : ''} · best bid{' '}
            <strong>{formatMoney(now.bid?.price ?? null, money)}</strong>
            {now.bid ? ` on ${nameOf(now.bid.market)}` : ''}
          </>
        ) : (
          'No price for this item on your markets right now.'
        )
      ) : (
        'No prices loaded for this game yet: the alert is checked from the next load on.'
      )}
    </p>
  );
});
