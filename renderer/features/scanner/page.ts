/** The Scanner page: a rule's routes across markets on each poll, and its backtest on the recorded history. */
import type { PageDescriptor } from '../../lib/pages';
import { pageShortcut } from '../../lib/shortcuts';
import { ScannerScreen } from './ScannerScreen';

export const page: PageDescriptor = {
  route: 'scanner',
  label: 'Scanner',
  shortcut: pageShortcut('scanner', 6, 'Scanner'),
  Screen: ScannerScreen,
  what: 'The scanner',
  keywords: 'arbitrage routes trade scanner cross-market buy order flip backtest',
};
