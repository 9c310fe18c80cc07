/** The Analytics page: a market's spread and an item's price history, as charts. */
import type { PageDescriptor } from '../../lib/pages';
import { pageShortcut } from '../../lib/shortcuts';
import { AnalyticsScreen } from './AnalyticsScreen';

export const page: PageDescriptor = {
  route: 'analytics',
  label: 'Analytics',
  shortcut: pageShortcut('analytics', 2, 'Analytics'),
  Screen: AnalyticsScreen,
  what: 'Analytics',
  keywords: 'charts history',
};
