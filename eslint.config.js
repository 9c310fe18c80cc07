import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * Layering (README "Architecture"): who may import whom, checked on the RESOLVED path of every relative
 * import (`../electron/main/x` from backend/ is electron/main/x), so no spelling of a path slips through, plus
 * bare module names a layer must not use (`electron` outside the Electron edge, `node:` in the page).
 */
const layering = {
  rules: {
    imports: {
      meta: {
        type: 'problem',
        schema: [
          {
            type: 'object',
            properties: {
              folders: { type: 'array', items: { type: 'string' } },
              modules: { type: 'array', items: { type: 'string' } },
              why: { type: 'string' },
            },
            additionalProperties: false,
          },
        ],
        messages: { forbidden: "'{{source}}' ({{target}}) may not be imported here: {{why}}" },
      },
      create(context) {
        const { folders = [], modules = [], why = '' } = context.options[0] ?? {};
        const dir = path.dirname(context.filename);
        const inside = (target, folder) => target === folder || target.startsWith(`${folder}/`);
        const check = (node) => {
          const source = node?.type === 'Literal' ? node.value : null;
          if (typeof source !== 'string') return;
          let target = null;
          if (source.startsWith('.')) {
            const resolved = path.relative(ROOT, path.resolve(dir, source)).split(path.sep).join('/');
            if (folders.some((f) => inside(resolved, f))) target = resolved;
          } else if (modules.some((m) => (m.endsWith(':') ? source.startsWith(m) : inside(source, m)))) {
            target = source;
          }
          if (target) context.report({ node, messageId: 'forbidden', data: { source, target, why } });
        };
        return {
          ImportDeclaration: (n) => check(n.source),
          ExportNamedDeclaration: (n) => check(n.source),
          ExportAllDeclaration: (n) => check(n.source),
          ImportExpression: (n) => check(n.source),
        };
      },
    },
  },
};

/** One entry per folder (the folders don't overlap, so each file gets exactly one rule set). */
const layers = [
  {
    files: ['shared/**/*.ts'],
    folders: ['service', 'backend', 'electron', 'webhost', 'renderer', 'scripts', 'e2e'],
    modules: ['electron', 'node:'],
    why: 'shared/ is pure contracts and imports nothing of ours (no DOM, no Node, no Electron)',
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/**/*.test.{ts,tsx}'],
    folders: ['service', 'backend', 'electron', 'webhost', 'scripts', 'e2e'],
    modules: ['electron', 'node:'],
    why: 'the renderer imports shared/ only and reaches its host through the DesktopApi (shared/bridge)',
  },
  {
    // Unit tests of the page run in Node and may read fixtures with node:fs.
    files: ['renderer/**/*.test.{ts,tsx}'],
    folders: ['service', 'backend', 'electron', 'webhost', 'scripts', 'e2e'],
    why: 'the renderer imports shared/ only and reaches its host through the DesktopApi (shared/bridge)',
  },
  {
    files: ['backend/**/*.ts'],
    folders: ['electron', 'webhost', 'renderer'],
    modules: ['electron', 'electron-store'],
    why: 'backend/ is the back end both hosts share: both import it, it imports neither (nor Electron)',
  },
  {
    files: ['electron/main/**/*.ts'],
    folders: ['webhost', 'electron/preload', 'renderer'],
    why: 'electron/main is the Electron edge: it imports backend/, electron/common and shared/, never the web host',
  },
  {
    files: ['electron/preload/**/*.ts'],
    folders: ['electron/main', 'backend', 'webhost', 'renderer', 'service'],
    why: 'the preload imports electron/common and shared/ only (its types from shared/bridge)',
  },
  {
    files: ['electron/common/**/*.ts'],
    folders: ['electron/main', 'backend', 'electron/preload', 'webhost', 'renderer', 'service'],
    modules: ['electron'],
    why: 'electron/common is the channel map both sides of the IPC bridge import',
  },
  {
    files: ['webhost/**/*.ts'],
    folders: ['electron/main', 'electron/preload', 'electron/common', 'renderer'],
    modules: ['electron', 'electron-store'],
    why: 'webhost/ is the web edge: it imports backend/ and shared/, never the Electron edge',
  },
  {
    files: ['service/**/*.ts'],
    folders: ['backend', 'electron', 'webhost', 'renderer'],
    modules: ['electron'],
    why: 'the reference service stands alone: it imports shared/ only',
  },
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'release', 'test-results', 'playwright-report', '.cache', 'service/data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...layers.map(({ files, ignores, folders, modules, why }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    plugins: { layering },
    rules: { 'layering/imports': ['error', { folders, ...(modules ? { modules } : {}), why }] },
  })),
);
