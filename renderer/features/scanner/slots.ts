/**
 * Slots on the Scanner page that other parts fill. The backtest panel (backtest/BacktestPanel.tsx) is
 * shown under the rule editor when `backtest` is on; its owner turns it on when the panel lands.
 */
export const SCANNER_SLOTS = {
  backtest: false,
} as const;
