/**
 * Vite build of the renderer (scripts/build.mjs runs `vite build` with this file).
 *
 * - root renderer/, output dist/renderer (emptied on each build).
 * - base './': every asset URL is relative to index.html, so the same build works served from
 *   app://market-desk/ (Electron protocol.handle) and from http://127.0.0.1:PORT/ (web host).
 *   API calls use origin-absolute paths (/api/v2/..., /app/...), which resolve the same in both.
 * - No inline scripts or styles in the output (CSP: script-src 'self'; style-src 'self'):
 *   the module-preload polyfill is bundled into the entry chunk and CSS is emitted as files.
 * - Workers are ES modules.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./renderer/', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/renderer/', import.meta.url));

export default defineConfig({
  root,
  base: './',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Never inline assets as data: URIs (CSP img-src/font-src may not allow data:).
    assetsInlineLimit: 0,
    // Keep CSS in files, never injected <style> tags.
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
  },
  worker: { format: 'es' },
  server: {
    // `vite` dev server for UI work only; the API is reached through a running web host.
    strictPort: false,
  },
});
