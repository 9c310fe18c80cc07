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
async function layering(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layering/imports').map((m) => m.message);
}

describe('import layering', () => {
  it('the web host never imports the Electron edge, however the path is spelled', async () => {
    expect(await layering('webhost/x.ts', "import { SafeKeyVault } from '../electron/main/key-store';\nexport { SafeKeyVault };\n")).toEqual([
      "'../electron/main/key-store' (electron/main/key-store) may not be imported here: webhost/ is the web edge: it imports backend/ and shared/, never the Electron edge",
    ]);
    expect(await layering('webhost/x.ts', "export * from '../backend/../electron/main/ipc';\n")).toHaveLength(1);
    expect(await layering('webhost/x.ts', "export const m = () => import('../electron/main/window');\n")).toHaveLength(1);
    expect(await layering('webhost/x.ts', "import { app } from 'electron';\nexport { app };\n")).toHaveLength(1);
    expect(await layering('webhost/x.ts', "import { createGateway } from '../backend/gateway';\nexport { createGateway };\n")).toEqual([]);
  });

  it('the Electron edge never imports the web host', async () => {
    expect(await layering('electron/main/x.ts', "import { startWebHost } from '../../webhost/server';\nexport { startWebHost };\n")).toHaveLength(1);
    expect(await layering('electron/main/x.ts', "import { createGateway } from '../../backend/gateway';\nexport { createGateway };\n")).toEqual([]);
  });

  it('the host-agnostic back end imports neither host nor Electron', async () => {
    expect(await layering('backend/x.ts', "import { registerIpc } from '../electron/main/ipc';\nexport { registerIpc };\n")).toHaveLength(1);
    expect(await layering('backend/x.ts', "import type { KeyFile } from '../webhost/key-file';\nexport type { KeyFile };\n")).toHaveLength(1);
    expect(await layering('backend/x.ts', "import { safeStorage } from 'electron';\nexport { safeStorage };\n")).toHaveLength(1);
    expect(await layering('backend/x.ts', "import { STATUS_TEXT } from '../shared/api/status';\nexport { STATUS_TEXT };\n")).toEqual([]);
  });

  it('the preload takes its types from shared/, not from the renderer', async () => {
    expect(await layering('electron/preload/x.ts', "import type { DesktopApi } from '../../renderer/platform/types';\nexport type { DesktopApi };\n")).toHaveLength(1);
    expect(await layering('electron/preload/x.ts', "import type { DesktopBridge } from '../../shared/bridge/desktop-api';\nexport type { DesktopBridge };\n")).toEqual([]);
  });

  it('the renderer imports shared/ only, and no Node modules', async () => {
    expect(await layering('renderer/x.ts', "import { IPC } from '../electron/common/ipc-channels';\nexport { IPC };\n")).toHaveLength(1);
    expect(await layering('renderer/x.ts', "import { startService } from '../service/src/index';\nexport { startService };\n")).toHaveLength(1);
    expect(await layering('renderer/x.ts', "import { readFileSync } from 'node:fs';\nexport { readFileSync };\n")).toHaveLength(1);
    expect(await layering('renderer/x.ts', "import type { DesktopApi } from '../shared/bridge/desktop-api';\nexport type { DesktopApi };\n")).toEqual([]);
  });

  it('shared/ imports nothing of ours', async () => {
    expect(await layering('shared/x.ts', "import { z } from '../renderer/lib/route';\nexport { z };\n")).toHaveLength(1);
    expect(await layering('shared/x.ts', "import { z } from 'zod';\nexport { z };\n")).toEqual([]);
  });
});
