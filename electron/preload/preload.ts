/**
 * Sandboxed preload (bundled to CJS: sandboxed preloads can't be ES modules). Exposes window.marketDesk and
 * nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createDesktopApi } from './bridge';

contextBridge.exposeInMainWorld('marketDesk', createDesktopApi(ipcRenderer));
