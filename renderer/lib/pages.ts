/**
 * What a page is, for the shell: each page folder exports one PageDescriptor (features/<page>/page.ts), the
 * shell lists them (shell/pages.ts), and the router, the top bar, the global shortcuts and the palette read
 * that list. Pages never import the shell; what they need of the list (the palette's page commands, the
 * Settings page's shortcut table) they read from PagesContext, which the shell provides.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { Shortcut } from './shortcuts';

export interface PageDescriptor {
  /** The address: `#/<route>` (a bookmark and every link to the page use it, so it never changes). */
  route: string;
  /** The tab's text, the <main> landmark's name and the palette's "Go to …". */
  label: string;
  /** A shorter label the top bar shows in a narrow window (the full one stays the tab's accessible name). */
  shortLabel?: string;
  /** Shown in the tab, the palette and Settings; the shell's key handler goes to the page on it. */
  shortcut: Shortcut;
  /** The page's body, mounted in <main> inside an error boundary that names `what`. */
  Screen: ComponentType;
  /** The error boundary's words for the page ("The price grid could not be shown"). */
  what: string;
  /** Extra words the palette matches for "Go to …" (the label always matches). */
  keywords: string;
  /** Work to start before the page is shown, so its first load starts at once. */
  prefetch?: {
    /** Opened on this page: before React's first render. */
    boot?: () => void;
    /** Anywhere else: once, in idle time after start. */
    idle?: () => void;
    /** The pointer or focus is on the page's tab. */
    hover?: () => void;
  };
  /** A count beside the tab's label (new alert firings); `current` is whether the page is shown. */
  Badge?: ComponentType<{ current: boolean }>;
  /** Mounted on every page, inside its own error boundary (the alert watcher, the alert editor). */
  Background?: ComponentType;
  /** Escape (outside a text field) leaves the page for this route. */
  escapeTo?: string;
}

export interface PagesInfo {
  pages: readonly PageDescriptor[];
  /** Every global shortcut, in the order Settings lists them. */
  shortcuts: readonly Shortcut[];
}

export const PagesContext = createContext<PagesInfo>({ pages: [], shortcuts: [] });

export function usePages(): PagesInfo {
  return useContext(PagesContext);
}
