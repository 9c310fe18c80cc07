/**
 * Finds the Electron executable the way the electron package does (path.txt + dist/), without importing
 * `electron` (which would start a download). Used by scripts/start.mjs, scripts/electron-install.mjs and
 * e2e/electron.spec.ts. Also says where Electron's installer downloads from and caches, for messages.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** node_modules/electron of this checkout. */
export const ELECTRON_PACKAGE_DIR = path.join(root, 'node_modules', 'electron');

/** @electron/get's default download base (artifact-utils.js BASE_URL). */
export const DEFAULT_ELECTRON_MIRROR = 'https://github.com/electron/electron/releases/download/';

/**
 * @param {string} [electronDir] the electron package folder (node_modules/electron)
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | null} absolute path of the executable, or null when it isn't installed
 */
export function findElectronBinary(electronDir = ELECTRON_PACKAGE_DIR, env = process.env) {
  const pathFile = path.join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8').trim();
  if (!relative) return null;
  const distDir = env.ELECTRON_OVERRIDE_DIST_PATH || path.join(electronDir, 'dist');
  const binary = path.join(distDir, relative);
  return existsSync(binary) ? binary : null;
}

/** The Electron version the package at `electronDir` installs. */
export function electronVersion(electronDir = ELECTRON_PACKAGE_DIR) {
  return String(JSON.parse(readFileSync(path.join(electronDir, 'package.json'), 'utf8')).version);
}

/**
 * Where Electron's installer (@electron/get) downloads from: the same variables it reads, in its order
 * (npm config, package.json config, then ELECTRON_MIRROR), else GitHub releases.
 */
export function electronMirror(env = process.env) {
  return (
    env.npm_config_electron_mirror ||
    env.NPM_CONFIG_ELECTRON_MIRROR ||
    env.npm_package_config_electron_mirror ||
    env.ELECTRON_MIRROR ||
    DEFAULT_ELECTRON_MIRROR
  );
}

/**
 * Where Electron's installer keeps downloaded zips: `electron_config_cache`, else env-paths('electron').cache
 * as @electron/get computes it (Cache.js).
 */
export function electronCacheDir(env = process.env, platform = process.platform, home = os.homedir()) {
  if (env.electron_config_cache) return env.electron_config_cache;
  if (platform === 'darwin') return path.join(home, 'Library', 'Caches', 'electron');
  if (platform === 'win32')
    return path.join(env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'), 'electron', 'Cache');
  return path.join(env.XDG_CACHE_HOME || path.join(home, '.cache'), 'electron');
}
