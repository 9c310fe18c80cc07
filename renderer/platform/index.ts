/**
 * Picks the DesktopApi for this window: the Electron preload bridge when window.marketDesk exists,
 * otherwise the browser host's HTTP endpoints.
 */
import { createElectronApi } from './electron';
import type { PlatformApi } from './types';
import { createWebApi } from './web';

export type { PlatformApi } from './types';
export { PlatformError, describeError, isPlatformError } from './errors';

export function pickDesktopApi(win: { marketDesk?: unknown } = globalThis as { marketDesk?: unknown }): PlatformApi {
  if (win.marketDesk !== undefined && win.marketDesk !== null) return createElectronApi(win.marketDesk);
  return createWebApi();
}
