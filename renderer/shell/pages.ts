/**
 * The page registry: the one list of pages, and the only module that imports from features/ (the layering
 * rule checks it): the router (lib/route.ts), the top bar's tabs, the global shortcuts and the palette's
 * page commands all read it, and the shell mounts the command palette (features/palette, on every page) from
 * here too. A new page is its folder (features/<page>/, exporting a PageDescriptor from page.ts) plus one
 * line below. The list's order is the tabs' order; the first page is where an unknown address lands.
 *
 * The imports keep the order the pages' styles have always been bundled in (analytics.css, grid.css, …,
 * palette.css before alerts.css): where two rules tie, the later one wins, so the order is part of the look.
 */
import { page as analytics } from '../features/analytics/page';
import { page as prices } from '../features/prices/page';
import { page as recommendations } from '../features/recommendations/page';
import { Palette } from '../features/palette/Palette';
import { page as alerts } from '../features/alerts/page';
import { page as portfolio } from '../features/portfolio/page';
import { page as settings } from '../features/settings/page';
import { page as scanner } from '../features/scanner/page';
import type { PageDescriptor, PagesInfo } from '../lib/pages';
import { defineRoutes, parseRoute } from '../lib/route';
import { SHORTCUTS, type Shortcut } from '../lib/shortcuts';

export const PAGES: readonly PageDescriptor[] = [
  prices,
  analytics,
  recommendations,
  alerts,
  portfolio,
  scanner,
  settings,
];

defineRoutes(PAGES.map((p) => p.route));

/** The command palette (Ctrl/Cmd+K), which the shell mounts beside every page. */
export { Palette };

const appShortcuts: readonly Shortcut[] = Object.values(SHORTCUTS);

/** Every global shortcut, as Settings lists them: the numbered pages', then the others. */
export const PAGES_INFO: PagesInfo = {
  pages: PAGES,
  shortcuts: [...PAGES.map((p) => p.shortcut).filter((s) => !appShortcuts.includes(s)), ...appShortcuts],
};

/** The page an address shows (the first page for an unknown one). */
export function pageOf(hash: string): PageDescriptor {
  const route = parseRoute(hash);
  return PAGES.find((p) => p.route === route) ?? (PAGES[0] as PageDescriptor);
}
