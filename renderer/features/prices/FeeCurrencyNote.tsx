/**
 * What the fee settings assume about currency. Fee rules work in the service's currency, before any display
 * conversion. Steam's fee (shared/money/steam-fee.ts: its page script economy_common.js, g_rgWalletInfo
 * wallet_fee_minimum 1 for USD) rounds each part down to the cent with a minimum of one cent: a rule of the
 * wallet's currency, so the app assumes the wallet is in the service's currency.
 */
import { STEAM_WALLET_FEE_MINIMUM_CENTS } from '../../../shared/money/steam-fee';
import { useCurrency } from '../../market/currency/context';
import { currencyName } from '../../market/currency/currencies';

export function FeeCurrencyNote() {
  const { service, display, converting } = useCurrency();
  return (
    <p className="card__text" data-testid="fee-currency-note">
      Fees are worked out in {service} ({currencyName(service)}), the currency the service quotes in
      {converting ? `, and only then shown in ${display}` : ''}. Steam’s fee rounds each part down to the cent with a
      minimum of {STEAM_WALLET_FEE_MINIMUM_CENTS} cent: that minimum and the rounding are rules of the Steam wallet’s
      currency (Steam’s page script, economy_common.js). Market Desk assumes your Steam wallet is in {service}; a wallet
      in another currency has its own minimum and, for some currencies since December 2025, rounds instead of flooring.
    </p>
  );
}
