/**
 * The Portfolio page; its holding editor (opened from Prices, the detail panel and the palette too) is
 * mounted on every page.
 */
import type { PageDescriptor } from '../../lib/pages';
import { pageShortcut } from '../../lib/shortcuts';
import { HeldItemsFollower } from './HeldItemsFollower';
import { HoldingEditorHost } from './HoldingEditorHost';
import { PortfolioScreen } from './PortfolioScreen';

function PortfolioBackground() {
  return (
    <>
      <HoldingEditorHost />
      <HeldItemsFollower />
    </>
  );
}

export const page: PageDescriptor = {
  route: 'portfolio',
  label: 'Portfolio',
  shortcut: pageShortcut('portfolio', 5, 'Portfolio'),
  Screen: PortfolioScreen,
  what: 'The portfolio',
  keywords: 'holdings positions inventory cost profit sales',
  Background: PortfolioBackground,
};
