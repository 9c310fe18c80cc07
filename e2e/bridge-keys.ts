/**
 * The names window.marketDesk has in the desktop app: createDesktopApi's, since the preload exposes its result
 * and nothing else (electron/preload/preload-bundle.test.ts runs the bundled preload to check that). The
 * Electron spec compares the page's bridge with this, so it follows the bridge as methods are added.
 */
import { createDesktopApi } from '../electron/preload/bridge';

export const DESKTOP_BRIDGE_KEYS: readonly string[] = Object.keys(
  createDesktopApi({ invoke: async () => undefined, on: () => undefined, removeListener: () => undefined }),
).sort();
