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
 *
 * Two rules, one check: `layering/imports` between processes (one entry per top folder below) and
 * `layering/renderer` inside the renderer (the market layer, shell, ui, lib and pages; `rendererLayers`), the
 * way VS Code pairs `code-layering` with `code-import-patterns`. Being two rules, a renderer file gets both
 * checks (one rule's options would replace the other's). `siblings` names a folder whose subfolders may
 * not import each other (the pages), except the exact paths `allow` lists for the importing file (its path
 * without the extension).
 * `dom: false` says a folder renders nothing: no element of the page (JSX `<div>` or `createElement('div')`;
 * a provider's `<Ctx.Provider>`, a component's `<Name>` and fragments are not elements), no stylesheet. It is
 * a third rule, `layering/no-dom` (`renderNothing` below), so that it adds to the import rules of a folder.
 */
const importCheck = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          folders: { type: 'array', items: { type: 'string' } },
          modules: { type: 'array', items: { type: 'string' } },
          why: { type: 'string' },
          siblings: { type: 'string' },
          allow: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          dom: { type: 'boolean' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: "'{{source}}' ({{target}}) may not be imported here: {{why}}",
      dom: '<{{name}}> renders DOM, which may not be done here: {{why}}',
    },
  },
  create(context) {
    const { folders = [], modules = [], why = '', siblings, allow = {}, dom = true } = context.options[0] ?? {};
    const dir = path.dirname(context.filename);
    const inside = (target, folder) => target === folder || target.startsWith(`${folder}/`);
    const posix = (p) => p.split(path.sep).join('/');
    const self = posix(path.relative(ROOT, context.filename));
    // The subfolder of `siblings` this file is in (renderer/features/prices), if any.
    const home =
      siblings && inside(self, siblings)
        ? self
            .split('/')
            .slice(0, siblings.split('/').length + 1)
            .join('/')
        : null;
    const allowed = (home && allow[self.replace(/\.[cm]?[jt]sx?$/, '')]) || [];
    const check = (node) => {
      const source = node?.type === 'Literal' ? node.value : null;
      if (typeof source !== 'string') return;
      let target = null;
      if (source.startsWith('.')) {
        const resolved = posix(path.relative(ROOT, path.resolve(dir, source)));
        const sibling =
          home !== null && inside(resolved, siblings) && !inside(resolved, home) && !allowed.includes(resolved);
        const stylesheet = !dom && resolved.endsWith('.css');
        if (sibling || stylesheet || folders.some((f) => inside(resolved, f))) target = resolved;
      } else if (modules.some((m) => (m.endsWith(':') ? source.startsWith(m) : inside(source, m)))) {
        target = source;
      }
      if (target) context.report({ node, messageId: 'forbidden', data: { source, target, why } });
    };
    // JSX's rule: a tag name starting lower-case (or with a dash) is an element of the page, any other a
    // component (https://legacy.reactjs.org/docs/jsx-in-depth.html#user-defined-components-must-be-capitalized,
    // https://legacy.reactjs.org/blog/2014/10/16/react-v0.12-rc1.html#jsx-lower-case-convention).
    const element = (name) => /^[a-z]/.test(name) || name.includes('-');
    const checks = {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
    if (dom) return checks;
    return {
      ...checks,
      JSXOpeningElement(n) {
        if (n.name.type === 'JSXIdentifier' && element(n.name.name))
          context.report({ node: n, messageId: 'dom', data: { name: n.name.name, why } });
        if (n.name.type === 'JSXNamespacedName')
          context.report({
            node: n,
            messageId: 'dom',
            data: { name: `${n.name.namespace.name}:${n.name.name.name}`, why },
          });
      },
      CallExpression(n) {
        const callee = n.callee.type === 'MemberExpression' ? n.callee.property : n.callee;
        const [tag] = n.arguments;
        if (
          callee.type === 'Identifier' &&
          callee.name === 'createElement' &&
          tag?.type === 'Literal' &&
          typeof tag.value === 'string'
        ) {
          context.report({ node: n, messageId: 'dom', data: { name: tag.value, why } });
        }
      },
    };
  },
};

const layering = { rules: { imports: importCheck, renderer: importCheck, 'no-dom': importCheck } };

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

/**
 * Inside the renderer (renderer/README.md): pages (features/<page>/) import the market-data layer, the kit
 * (ui/), the helpers (lib/), api/, platform/, shared/ and what pages share (item-details/: the item detail
 * panel; requests/: how any page opens the alert or the holding editor); never the shell, nor another page's
 * internals except in the places PAGE_IMPORTS lists: at most MAX_PAGE_IMPORTS, each one file importing one
 * path, with its reason (what two pages share belongs in item-details/, requests/, ui/ or lib/ instead).
 * Only the page registry (shell/pages.ts) imports pages; the shell gets the palette from it too. Tests follow
 * the same rules.
 */
const PAGES_DIR = 'renderer/features';
const MAX_PAGE_IMPORTS = 3;
const PAGE_IMPORTS = [
  {
    from: 'prices/useGridScreen',
    to: 'alerts/hooks',
    why: "the grid marks the rows that have alerts and its detail panel counts the item's alerts: both read the alerts' list (useAlertList)",
  },
  {
    from: 'recommendations/RecommendationsScreen',
    to: 'alerts/hooks',
    why: "the detail panel beside the list counts the open item's alerts (useAlertList)",
  },
  {
    from: 'settings/SettingsScreen',
    to: 'prices',
    why: "Settings shows the Prices page's market and fee sections (its public index.tsx)",
  },
];
if (PAGE_IMPORTS.length > MAX_PAGE_IMPORTS || PAGE_IMPORTS.some((p) => !p.why)) {
  throw new Error(
    `eslint.config.js: at most ${MAX_PAGE_IMPORTS} page-to-page imports, each with its reason; move what two pages share out of the pages`,
  );
}
const pageAllow = {};
for (const { from, to } of PAGE_IMPORTS) {
  const key = `${PAGES_DIR}/${from}`;
  pageAllow[key] = [...(pageAllow[key] ?? []), `${PAGES_DIR}/${to}`];
}
/** What pages share, and who imports pages: the registry only (the rest of the shell and the entry never). */
const sharedRooms = [
  {
    files: ['renderer/item-details/**/*.{ts,tsx}', 'renderer/requests/**/*.{ts,tsx}'],
    folders: ['renderer/shell', 'renderer/features', 'renderer/main'],
    why: 'item-details/ and requests/ are what pages share: they import market/, ui/, lib/, api/, platform/, each other and shared/, never a page or the shell',
  },
  {
    files: ['renderer/shell/**/*.{ts,tsx}', 'renderer/main.tsx'],
    ignores: ['renderer/shell/pages.ts'],
    folders: ['renderer/features'],
    why: 'only the page registry (shell/pages.ts) imports pages: the shell and the entry reach them (and the palette) through it',
  },
];

const rendererLayers = [
  {
    files: ['renderer/features/**/*.{ts,tsx}'],
    folders: ['renderer/shell', 'renderer/main'],
    siblings: PAGES_DIR,
    allow: pageAllow,
    why: "a page imports market/, ui/, lib/, api/, platform/ and shared/, never the shell nor another page's internals (PAGE_IMPORTS in eslint.config.js lists the exceptions and why)",
  },
  {
    files: ['renderer/market/**/*.{ts,tsx}'],
    folders: ['renderer/shell', 'renderer/features', 'renderer/ui', 'renderer/main'],
    why: 'market/ is the data layer every page uses: it imports lib/, api/, platform/ and shared/, never ui/, a page or the shell',
  },
  {
    files: ['renderer/ui/**/*.{ts,tsx}'],
    folders: ['renderer/shell', 'renderer/features', 'renderer/api', 'renderer/main'],
    why: 'ui/ is the kit and what two or more pages show: it imports market/, lib/, platform/ and shared/, never api/, a page or the shell',
  },
  {
    files: ['renderer/lib/**/*.{ts,tsx}'],
    folders: [
      'renderer/shell',
      'renderer/features',
      'renderer/market',
      'renderer/ui',
      'renderer/api',
      'renderer/platform',
      'renderer/main',
    ],
    why: 'lib/ is small helpers: it imports shared/ only',
  },
  {
    files: ['renderer/api/**/*.{ts,tsx}'],
    ignores: ['renderer/**/*.test.{ts,tsx}'],
    folders: ['renderer/shell', 'renderer/features', 'renderer/market', 'renderer/ui', 'renderer/main'],
    why: 'api/ is the one client and its errors: it imports lib/, platform/ and shared/, never data, pages or the shell',
  },
  {
    files: ['renderer/platform/**/*.{ts,tsx}'],
    folders: ['renderer/shell', 'renderer/features', 'renderer/market', 'renderer/ui', 'renderer/api', 'renderer/main'],
    why: 'platform/ is the host API: it imports lib/ and shared/ only',
  },
];

/**
 * Folders that render nothing: the data layer. What shows its data is in ui/ (when two or more pages show it)
 * or in the page that shows it; React providers (providers.tsx, engine/MarketEngineProvider.tsx) and hooks stay.
 */
const renderNothing = [
  {
    files: ['renderer/market/**/*.{ts,tsx}'],
    why: 'market/ is the data layer: it renders nothing (React providers and hooks, no component: no element of the page, no stylesheet, no react-dom); a component goes to ui/ or to the page that shows it',
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
  ...[...rendererLayers, ...sharedRooms].map(({ files, ignores, folders, siblings, allow, why }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    plugins: { layering },
    rules: { 'layering/renderer': ['error', { folders, why, ...(siblings ? { siblings, allow } : {}) }] },
  })),
  ...renderNothing.map(({ files, why }) => ({
    files,
    plugins: { layering },
    rules: { 'layering/no-dom': ['error', { modules: ['react-dom'], dom: false, why }] },
  })),
);
