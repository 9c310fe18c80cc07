#!/usr/bin/env node
/**
 * Builds everything the app runs from, into dist/:
 *   dist/renderer/          the React UI (vite, with the root vite.config.ts)
 *   dist/electron/main.js   Electron main, ESM, Electron itself external, everything else bundled
 *   dist/electron/preload.cjs  the preload, CJS (sandboxed preloads can't be ES modules)
 *   dist/webhost/server.js  the web host, ESM, for plain Node
 *   dist/service-data/      the reference service's catalog data, found by main and the web host
 * Bundling means neither the packaged app nor `node dist/webhost/server.js` needs node_modules.
 *
 *   node scripts/build.mjs            everything
 *   node scripts/build.mjs --no-renderer   skip the vite build (back end only)
 */
import { cp, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { build as esbuild } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

// Bundled CJS dependencies (ajv, …) call require(); give the ESM bundle a real one.
const ESM_REQUIRE_BANNER =
  "import { createRequire as __marketDeskCreateRequire } from 'node:module'; const require = __marketDeskCreateRequire(import.meta.url);";

const common = {
  absWorkingDir: root,
  bundle: true,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  // zod/jose etc. ship ESM; prefer it.
  mainFields: ['module', 'main'],
};

/** Also used by the main-bundle smoke test, which builds into a temp dir. */
export function buildMain(outfile = 'dist/electron/main.js') {
  return esbuild({
    ...common,
    entryPoints: ['electron/main/main.ts'],
    outfile,
    platform: 'node',
    format: 'esm',
    target: 'node22', // Electron 45's Node
    external: ['electron'],
    banner: { js: ESM_REQUIRE_BANNER },
  });
}

/** Also used by the preload bundle test, which builds into a temp dir. */
export function buildPreload(outfile = 'dist/electron/preload.cjs') {
  return esbuild({
    ...common,
    entryPoints: ['electron/preload/preload.ts'],
    outfile,
    platform: 'node',
    format: 'cjs',
    target: 'es2023',
    external: ['electron'],
  });
}

function buildWebHost() {
  return esbuild({
    ...common,
    entryPoints: ['webhost/server.ts'],
    outfile: 'dist/webhost/server.js',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: { js: ESM_REQUIRE_BANNER },
  });
}

async function buildRenderer() {
  const configFile = path.join(root, 'vite.config.ts');
  if (!existsSync(configFile)) throw new Error('vite.config.ts is missing: the renderer cannot be built.');
  // Imported lazily: a back-end-only build doesn't pay for loading vite.
  const { build } = await import('vite');
  await build({ configFile, mode: 'production', logLevel: 'warn' });
}

async function copyServiceData() {
  const from = path.join(root, 'service', 'data');
  const to = path.join(dist, 'service-data');
  await rm(to, { recursive: true, force: true });
  if (!existsSync(from) || (await readdir(from)).length === 0) return;
  await cp(from, to, { recursive: true });
}

export async function buildAll({ renderer = true } = {}) {
  const started = performance.now();
  await rm(path.join(dist, 'electron'), { recursive: true, force: true });
  await rm(path.join(dist, 'webhost'), { recursive: true, force: true });
  await Promise.all([
    renderer ? buildRenderer() : Promise.resolve(),
    buildMain(),
    buildPreload(),
    buildWebHost(),
    copyServiceData(),
  ]);
  return Math.round(performance.now() - started);
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  const renderer = !process.argv.includes('--no-renderer');
  buildAll({ renderer }).then(
    (ms) => console.log(`Built Market Desk into dist/ in ${(ms / 1000).toFixed(1)} s.`),
    (error) => {
      console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
