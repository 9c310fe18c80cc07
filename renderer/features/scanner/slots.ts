/**
 * Slots on the Scanner page that other parts fill. The backtest panel (backtest/BacktestPanel.tsx,
 * `BacktestPanel({ rule })`) shows in the page's "Backtest" area when `backtest` is on: its owner sets
 * `BacktestSlot` to it here (`import { BacktestPanel } from './backtest/BacktestPanel'`) and the flag to true.
 */
import type { ComponentType } from 'react';
import type { ScanRule } from '../../market/scanner/rules';

export const SCANNER_SLOTS: { backtest: boolean } = {
  backtest: false,
};

export const BacktestSlot: ComponentType<{ rule: ScanRule }> | null = null;
