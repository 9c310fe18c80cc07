/** The Prices page: every item of the game with each market's ask and bid (the home page: `#/` lands here). */
import type { PageDescriptor } from '../../lib/pages';
import { pageShortcut } from '../../lib/shortcuts';
import { GridScreen } from './index';

export const page: PageDescriptor = {
  route: 'prices',
  label: 'Prices',
  shortcut: pageShortcut('prices', 1, 'Prices'),
  Screen: GridScreen,
  what: 'The price grid',
  keywords: 'grid',
};
