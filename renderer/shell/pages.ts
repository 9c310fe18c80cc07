/**
 * The page registry: the one list of pages, and the only module that imports from features/ (the layering
 * rule checks it). The router (lib/route.ts), the top bar's tabs, the shortcuts and the palette read it; the
 * shell mounts the command palette from here. A new page is its folder (features/<page>/page.ts exporting a
 * PageDescriptor) plus one line below; the list's order is the tabs' order, the first page the fallback.
 * The imports keep the pages' styles in their bundle order: where two rules tie the later wins.
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
