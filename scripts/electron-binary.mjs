/**
 * Finds the Electron executable the way the electron package does (path.txt + dist/), without importing
 * `electron` (which would try to download it). Used by scripts/start.mjs and e2e/electron.spec.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const electronDir = path.join(root, 'node_modules', 'electron');

/** @returns {string | null} absolute path of the executable, or null when it isn't installed */
export function findElectronBinary() {
  const pathFile = path.join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8').trim();
  if (!relative) return null;
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH || path.join(electronDir, 'dist');
  const binary = path.join(distDir, relative);
  return existsSync(binary) ? binary : null;
}

export const MISSING_ELECTRON_MESSAGE = `Market Desk can't open its desktop window: the Electron runtime it runs in is not \
installed (node_modules/electron has no downloaded binary, because Electron's install step was skipped or had no \
network access). To fix it, on a machine with internet access run \`node node_modules/electron/install.js\` (or \
reinstall with \`npm install\`), then run \`npm start\` again. Meanwhile you can use the same app in your browser: \
run \`npm run web\` and open the address it prints.`;
