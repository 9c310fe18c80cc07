import { MISSING, formatMoney, formatMoneyExact, type MoneyFormat } from '../../shared/money/money';

/** A money figure; converted to another currency, its title names the service value, the rate and its date. */
export function Money({ v, money }: { v: number | null; money: MoneyFormat }) {
  if (v === null) return <span className="dp__missing">{MISSING}</span>;
  return money.conversion ? (
    <span
      title={formatMoneyExact(v, money)}
      data-rate-date={money.conversion.date}
      data-stale={money.conversion.stale || undefined}
    >
      {formatMoney(v, money)}
    </span>
  ) : (
    <>{formatMoney(v, money)}</>
  );
}
