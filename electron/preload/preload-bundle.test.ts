/**
 * The BUNDLED preload (esbuild's CJS output, as shipped) run the way a sandboxed preload runs: plain CommonJS
 * whose only module is `electron`, here a fake contextBridge and ipcRenderer. It exposes exactly one world
 * value, window.marketDesk, with the names the Electron e2e spec expects the page to see (e2e/bridge-keys.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPreload } from '../../scripts/build.mjs';
import { DESKTOP_BRIDGE_KEYS } from '../../e2e/bridge-keys';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'market-desk-preload-'));
const bundle = path.join(tmp, 'preload.cjs');
beforeAll(async () => {
  await buildPreload(bundle);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs the bundle with `require` limited to a fake electron, as the sandbox limits it; returns what it exposed. */
function runPreload(): { exposed: Record<string, Record<string, unknown>>; required: string[] } {
  const exposed: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  const electron = {
    contextBridge: {
      exposeInMainWorld: (name: string, api: Record<string, unknown>) => {
        exposed[name] = api;
      },
    },
    ipcRenderer: { invoke: async () => undefined, on: () => undefined, removeListener: () => undefined },
  };
  const fakeRequire = (id: string): unknown => {
    required.push(id);
    if (id === 'electron') return electron;
    throw new Error(`a sandboxed preload cannot require ${id}`);
  };
  const module = { exports: {} };
  // Running the built bundle as the sandbox would is the point of this test.
  new Function('require', 'module', 'exports', readFileSync(bundle, 'utf8'))(fakeRequire, module, module.exports);
  return { exposed, required };
}

describe('bundled preload', () => {
  it('exposes window.marketDesk only, with every bridge method the e2e spec checks for', () => {
    const { exposed, required } = runPreload();
    expect(required).toEqual(['electron']);
    expect(Object.keys(exposed)).toEqual(['marketDesk']);
    expect(Object.keys(exposed.marketDesk!).sort()).toEqual(DESKTOP_BRIDGE_KEYS);
    expect(DESKTOP_BRIDGE_KEYS).toEqual([
      'abortExport',
      'connect',
      'endExport',
      'fetchSteamInventory',
      'forgetKey',
      'getRates',
      'getRequestUsage',
      'getStatus',
      'host',
      'notify',
      'onNotificationClick',
      'onRates',
      'onStatus',
      'openExport',
      'openExternal',
      'refreshRates',
      'retryNow',
      'saveFile',
      'saveFiles',
      'setRatesSettings',
      'useDemo',
      'writeExport',
    ]);
    expect(exposed.marketDesk!.host).toBe('electron');
  });
});
