/**
 * The Recommendations page. Its list is large and loads in the data worker, so the worker is started early:
 * before the first render when the app opens here, in idle time otherwise, and when the tab is pointed at.
 */
import type { PageDescriptor } from '../../lib/pages';
import { pageShortcut } from '../../lib/shortcuts';
import { prewarmRecommendations } from '../../market/recommendations/api/load';
import { RecommendationsScreen } from './RecommendationsScreen';

export const page: PageDescriptor = {
  route: 'recommendations',
  label: 'Recommendations',
  shortLabel: 'Recs',
  shortcut: pageShortcut('recommendations', 3, 'Recommendations'),
  Screen: RecommendationsScreen,
  what: 'Recommendations',
  keywords: 'suggestions',
  prefetch: {
    boot: () => prewarmRecommendations({ compile: false }),
    idle: () => prewarmRecommendations(),
    hover: () => prewarmRecommendations(),
  },
};
