/**
 * The import layering in eslint.config.js (README "Architecture"): no host imports from another host, the
 * host-agnostic back end imports neither host nor Electron, the page imports shared/ only. Linted through
 * ESLint itself with the repo's config, on made-up files in each folder.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.dirname(fileURLToPath(import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The layering messages for `code` as if it were the file `file` (relative to the repo root). */
async function layering(file: string, code: string, rule = 'layering/imports'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

/** The renderer's own boundaries (market, shell, ui, lib, pages) for an import of `spec` from `file`. */
const inRenderer = (file: string, spec: string) =>
  layering(file, `import * as m from '${spec}';\nexport { m };\n`, 'layering/renderer');

describe('import layering', () => {
  it('the web host never imports the Electron edge, however the path is spelled', async () => {
    expect(
      await layering(
        'webhost/x.ts',
        "import { SafeKeyVault } from '../electron/main/key-store';\nexport { SafeKeyVault };\n",
      ),
    ).toEqual([
      "'../electron/main/key-store' (electron/main/key-store) may not be imported here: webhost/ is the web edge: it imports backend/ and shared/, never the Electron edge",
    ]);
    expect(await layering('webhost/x.ts', "export * from '../backend/../electron/main/ipc';\n")).toHaveLength(1);
    expect(await layering('webhost/x.ts', "export const m = () => import('../electron/main/window');\n")).toHaveLength(
      1,
    );
    expect(await layering('webhost/x.ts', "import { app } from 'electron';\nexport { app };\n")).toHaveLength(1);
    expect(
      await layering(
        'webhost/x.ts',
        "import { createGateway } from '../backend/gateway';\nexport { createGateway };\n",
      ),
    ).toEqual([]);
  });

  it('the Electron edge never imports the web host', async () => {
    expect(
      await layering(
        'electron/main/x.ts',
        "import { startWebHost } from '../../webhost/server';\nexport { startWebHost };\n",
      ),
    ).toHaveLength(1);
    expect(
      await layering(
        'electron/main/x.ts',
        "import { createGateway } from '../../backend/gateway';\nexport { createGateway };\n",
      ),
    ).toEqual([]);
  });

  it('the host-agnostic back end imports neither host nor Electron', async () => {
    expect(
      await layering('backend/x.ts', "import { registerIpc } from '../electron/main/ipc';\nexport { registerIpc };\n"),
    ).toHaveLength(1);
    expect(
      await layering('backend/x.ts', "import type { KeyFile } from '../webhost/key-file';\nexport type { KeyFile };\n"),
    ).toHaveLength(1);
    expect(
      await layering('backend/x.ts', "import { safeStorage } from 'electron';\nexport { safeStorage };\n"),
    ).toHaveLength(1);
    expect(
      await layering('backend/x.ts', "import { STATUS_TEXT } from '../shared/api/status';\nexport { STATUS_TEXT };\n"),
    ).toEqual([]);
  });

  it('the preload takes its types from shared/, not from the renderer', async () => {
    expect(
      await layering(
        'electron/preload/x.ts',
        "import type { DesktopApi } from '../../renderer/platform/types';\nexport type { DesktopApi };\n",
      ),
    ).toHaveLength(1);
    expect(
      await layering(
        'electron/preload/x.ts',
        "import type { DesktopBridge } from '../../shared/bridge/desktop-api';\nexport type { DesktopBridge };\n",
      ),
    ).toEqual([]);
  });

  it('the renderer imports shared/ only, and no Node modules', async () => {
    expect(
      await layering('renderer/x.ts', "import { IPC } from '../electron/common/ipc-channels';\nexport { IPC };\n"),
    ).toHaveLength(1);
    expect(
      await layering(
        'renderer/x.ts',
        "import { startService } from '../service/src/index';\nexport { startService };\n",
      ),
    ).toHaveLength(1);
    expect(
      await layering('renderer/x.ts', "import { readFileSync } from 'node:fs';\nexport { readFileSync };\n"),
    ).toHaveLength(1);
    expect(
      await layering(
        'renderer/x.ts',
        "import type { DesktopApi } from '../shared/bridge/desktop-api';\nexport type { DesktopApi };\n",
      ),
    ).toEqual([]);
  });

  it('shared/ imports nothing of ours', async () => {
    expect(await layering('shared/x.ts', "import { z } from '../renderer/lib/route';\nexport { z };\n")).toHaveLength(
      1,
    );
    expect(await layering('shared/x.ts', "import { z } from 'zod';\nexport { z };\n")).toEqual([]);
  });

  describe('inside the renderer', () => {
    it('a page imports the market layer, the kit, the helpers, api, platform, shared and its own files', async () => {
      for (const spec of [
        '../../market/useGridData',
        '../../ui/Icon',
        '../../lib/idle',
        '../../api/errors',
        '../../platform',
        '../../../shared/money/money',
        './GridScreen',
        './price-grid/PriceGrid',
      ]) {
        expect(await inRenderer('renderer/features/prices/x.ts', spec), spec).toEqual([]);
      }
    });

    it('a page never imports the shell, however the path is spelled', async () => {
      expect(await inRenderer('renderer/features/prices/x.ts', '../../shell/pages')).toEqual([
        "'../../shell/pages' (renderer/shell/pages) may not be imported here: a page imports market/, ui/, lib/, api/, platform/ and shared/, never the shell nor another page's internals (PAGE_IMPORTS in eslint.config.js lists the exceptions and why)",
      ]);
      expect(await inRenderer('renderer/features/alerts/model/x.ts', '../../../market/../shell/App')).toHaveLength(1);
      expect(
        await layering(
          'renderer/features/settings/x.ts',
          "export const m = () => import('../../shell/TopBar');\n",
          'layering/renderer',
        ),
      ).toHaveLength(1);
    });

    it("a page imports another page's internals only where the allowlist names the importing file and the path", async () => {
      expect(await inRenderer('renderer/features/analytics/x.ts', '../prices/GridScreen')).toHaveLength(1);
      expect(await inRenderer('renderer/features/palette/x.ts', '../recommendations/page')).toHaveLength(1);
      // The grid marks rows with alerts and the detail panel beside each list counts the item's alerts.
      expect(await inRenderer('renderer/features/prices/useGridScreen.ts', '../alerts/hooks')).toEqual([]);
      expect(
        await inRenderer('renderer/features/recommendations/RecommendationsScreen.tsx', '../alerts/hooks'),
      ).toEqual([]);
      // Allowed for one file is not allowed for another file of the same page, nor for another path.
      expect(await inRenderer('renderer/features/prices/useGridView.ts', '../alerts/hooks')).toHaveLength(1);
      expect(await inRenderer('renderer/features/prices/GridScreen.tsx', '../alerts/model/types')).toHaveLength(1);
      expect(
        await inRenderer('renderer/features/prices/model/alert-marks.test.ts', '../../alerts/model/test-helpers'),
      ).toHaveLength(1);
      expect(await inRenderer('renderer/features/settings/SettingsScreen.tsx', '../prices')).toEqual([]);
      expect(await inRenderer('renderer/features/settings/SettingsScreen.tsx', '../prices/GridSettings')).toHaveLength(
        1,
      );
      expect(await inRenderer('renderer/features/settings/x.ts', '../prices')).toHaveLength(1);
    });

    it('what two pages share is not in a page: the detail panel and the editor requests', async () => {
      expect(
        await inRenderer('renderer/features/recommendations/RecommendationsScreen.tsx', '../prices/ItemDetails'),
      ).toHaveLength(1);
      expect(await inRenderer('renderer/features/recommendations/x.ts', '../prices/DetailPanel')).toHaveLength(1);
      expect(await inRenderer('renderer/features/prices/GridScreen.tsx', '../alerts/editor-state')).toHaveLength(1);
      expect(await inRenderer('renderer/features/prices/GridScreen.tsx', '../portfolio/editor-state')).toHaveLength(1);
      expect(await inRenderer('renderer/features/palette/palette-options.ts', '../alerts/editor-state')).toHaveLength(
        1,
      );
      expect(
        await inRenderer('renderer/features/palette/palette-options.ts', '../portfolio/editor-state'),
      ).toHaveLength(1);
      for (const spec of [
        '../../item-details/ItemDetails',
        '../../requests/alert-editor',
        '../../requests/holding-editor',
      ]) {
        expect(await inRenderer('renderer/features/recommendations/x.ts', spec), spec).toEqual([]);
      }
      // They import what a page may, never a page or the shell.
      expect(await inRenderer('renderer/item-details/x.ts', '../market/model/snapshot')).toEqual([]);
      expect(await inRenderer('renderer/item-details/x.ts', '../requests/holding-editor')).toEqual([]);
      expect(await inRenderer('renderer/item-details/x.ts', '../features/alerts/hooks')).toHaveLength(1);
      expect(await inRenderer('renderer/item-details/x.ts', '../shell/pages')).toHaveLength(1);
      expect(await inRenderer('renderer/requests/x.ts', '../lib/editor-request')).toEqual([]);
      expect(await inRenderer('renderer/requests/x.ts', '../features/portfolio/HoldingEditor')).toHaveLength(1);
    });

    it('at most 3 places where a page imports another page, each one file importing one path', async () => {
      const config = (await eslint.calculateConfigForFile(path.join(root, 'renderer/features/prices/x.ts'))) as {
        rules: Record<string, [unknown, { allow?: Record<string, string[]> }]>;
      };
      const allow = config.rules['layering/renderer']?.[1].allow ?? {};
      const places = Object.entries(allow).flatMap(([from, to]) => to.map((t) => `${from} -> ${t}`));
      expect(places.length, places.join('\n')).toBeLessThanOrEqual(3);
      for (const from of Object.keys(allow)) expect(from).toMatch(/^renderer\/features\/[a-z]+\/[\w-]+(\/[\w-]+)*$/);
    });

    it('only the page registry imports pages: the rest of the shell, the entry, the market layer, kit, helpers, api and platform do not', async () => {
      expect(await inRenderer('renderer/shell/pages.ts', '../features/prices/page')).toEqual([]);
      expect(await inRenderer('renderer/shell/pages.ts', '../features/palette/Palette')).toEqual([]);
      expect(await inRenderer('renderer/shell/App.tsx', '../features/palette/Palette')).toHaveLength(1);
      expect(await inRenderer('renderer/shell/x.ts', '../features/prices/page')).toHaveLength(1);
      expect(await inRenderer('renderer/shell/App.tsx', './pages')).toEqual([]);
      expect(await inRenderer('renderer/main.tsx', './features/prices/page')).toHaveLength(1);
      expect(await inRenderer('renderer/main.tsx', './shell/pages')).toEqual([]);
      expect(await inRenderer('renderer/market/x.ts', '../features/alerts/hooks')).toHaveLength(1);
      expect(await inRenderer('renderer/market/offline/x.ts', '../../shell/App')).toHaveLength(1);
      expect(await inRenderer('renderer/ui/x.ts', '../features/prices/DetailPanel')).toHaveLength(1);
      expect(await inRenderer('renderer/lib/x.ts', '../features/settings/page')).toHaveLength(1);
      expect(await inRenderer('renderer/api/x.ts', '../features/analytics/queries')).toHaveLength(1);
      expect(await inRenderer('renderer/platform/x.ts', '../shell/pages')).toHaveLength(1);
    });

    it('market/ is the data layer: a component under market/ is refused, a provider or a hook is not', async () => {
      const renders = (file: string, code: string) => layering(file, code, 'layering/no-dom');
      const component =
        'export function Note({ text }: { text: string }) {\n  return <p className="note">{text}</p>;\n}\n';
      expect(await renders('renderer/market/history/Note.tsx', component)).toEqual([
        '<p> renders DOM, which may not be done here: market/ is the data layer: it renders nothing (React providers and hooks, no component: no element of the page, no stylesheet, no react-dom); a component goes to ui/ or to the page that shows it',
      ]);
      const created =
        "import { createElement } from 'react';\nexport const Note = () => createElement('span', null, 'x');\n";
      expect(await renders('renderer/market/x.ts', created)).toHaveLength(1);
      const provider =
        "import { createContext, type ReactNode } from 'react';\nconst Ctx = createContext(0);\n" +
        'export function Source({ children }: { children: ReactNode }) {\n  return <><Ctx.Provider value={1}>{children}</Ctx.Provider></>;\n}\n';
      expect(await renders('renderer/market/providers.tsx', provider)).toEqual([]);
      expect(
        await renders(
          'renderer/market/x.ts',
          "import { createRoot } from 'react-dom/client';\nexport { createRoot };\n",
        ),
      ).toHaveLength(1);
      expect(
        await renders('renderer/market/x.ts', "import { flushSync } from 'react-dom';\nexport { flushSync };\n"),
      ).toHaveLength(1);
      expect(await renders('renderer/market/history/x.ts', "import './history.css';\n")).toEqual([
        "'./history.css' (renderer/market/history/history.css) may not be imported here: market/ is the data layer: it renders nothing (React providers and hooks, no component: no element of the page, no stylesheet, no react-dom); a component goes to ui/ or to the page that shows it",
      ]);
      expect(
        await renders('renderer/market/x.ts', "import { useState } from 'react';\nexport { useState };\n"),
      ).toEqual([]);
      // A page and the kit render.
      expect(await renders('renderer/ui/Note.tsx', component)).toEqual([]);
      expect(await renders('renderer/features/prices/Note.tsx', component)).toEqual([]);
      // Nor does it import the kit (the data layer sits below what shows it).
      expect(await inRenderer('renderer/market/x.ts', '../ui/EmptyState')).toEqual([
        "'../ui/EmptyState' (renderer/ui/EmptyState) may not be imported here: market/ is the data layer every page uses: it imports lib/, api/, platform/ and shared/, never ui/, a page or the shell",
      ]);
      expect(await inRenderer('renderer/market/history/x.ts', '../../ui/charts/theme')).toHaveLength(1);
      expect(await inRenderer('renderer/market/x.ts', '../lib/idle')).toEqual([]);
    });

    it('the kit (ui/) shows what two or more pages show, market data too: it imports market/, never a page or the shell', async () => {
      expect(await inRenderer('renderer/ui/x.ts', '../market/useGridData')).toEqual([]);
      expect(await inRenderer('renderer/ui/history/x.ts', '../../market/history/client')).toEqual([]);
      expect(await inRenderer('renderer/ui/x.ts', '../features/prices/GridScreen')).toHaveLength(1);
      expect(await inRenderer('renderer/ui/x.ts', '../shell/App')).toHaveLength(1);
    });

    it('the helpers stay below the kit and the market layer', async () => {
      expect(await inRenderer('renderer/ui/x.ts', '../lib/idle')).toEqual([]);
      expect(await inRenderer('renderer/lib/x.ts', '../ui/Icon')).toHaveLength(1);
      expect(await inRenderer('renderer/lib/x.ts', '../market/model/snapshot')).toHaveLength(1);
      expect(await inRenderer('renderer/lib/x.ts', '../../shared/money/money')).toEqual([]);
    });

    it('keeps the process rule too: a page still may not import Node or another process', async () => {
      expect(
        await layering(
          'renderer/features/prices/x.ts',
          "import { readFileSync } from 'node:fs';\nexport { readFileSync };\n",
        ),
      ).toHaveLength(1);
      expect(
        await layering(
          'renderer/features/prices/x.ts',
          "import { IPC } from '../../../electron/common/ipc-channels';\nexport { IPC };\n",
        ),
      ).toHaveLength(1);
    });
  });
});
