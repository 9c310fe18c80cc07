/**
 * `npm start` on a fresh machine: Electron 45's package has no install script, so the first start must fetch
 * the binary through Electron's own installer. These tests run the REAL installer (a copy of
 * node_modules/electron's install.js, package.json and checksums.json, resolving @electron/get from this
 * checkout) against a local mirror that records every request (testing/electron-mirror.ts), with its own
 * download cache, so nothing leaves 127.0.0.1 and the shared node_modules/electron is never written.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { electronCacheDir, ELECTRON_PACKAGE_DIR, findElectronBinary } from './electron-binary.mjs';
import { ensureElectron, explainInstallFailure } from './electron-install.mjs';
import { start } from './start.mjs';
import { startElectronMirror, type ElectronMirror, type ElectronMirrorOptions } from './testing/electron-mirror';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Under the checkout (an ignored folder) so the copied install.js finds @electron/get in node_modules.
const work = path.join(root, '.cache', 'test-electron-install');
const VERSION = (
  JSON.parse(readFileSync(path.join(ELECTRON_PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string }
).version;
const ZIP = `electron-v${VERSION}-linux-x64.zip`;

afterAll(() => rmSync(work, { recursive: true, force: true }));
const mirrors: ElectronMirror[] = [];
afterEach(async () => {
  await Promise.all(mirrors.splice(0).map((m) => m.close()));
});

let counter = 0;
/** A fresh node_modules/electron as npm leaves it: the package files, no dist/, no path.txt. */
function freshElectronPackage(checksums?: Record<string, string>): string {
  counter += 1;
  const dir = path.join(work, `checkout-${counter}`, 'node_modules', 'electron');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of ['install.js', 'package.json', 'checksums.json'])
    copyFileSync(path.join(ELECTRON_PACKAGE_DIR, file), path.join(dir, file));
  if (checksums) writeFileSync(path.join(dir, 'checksums.json'), JSON.stringify(checksums));
  return dir;
}

/** The test's environment: none of the caller's Electron or npm download settings, a private cache, Linux x64. */
function installEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(electron_|npm_config_electron|npm_package_config_electron)/i.test(key)) env[key] = value;
  }
  counter += 1;
  return {
    ...env,
    electron_config_cache: path.join(work, `cache-${counter}`),
    ELECTRON_INSTALL_PLATFORM: 'linux',
    ELECTRON_INSTALL_ARCH: 'x64',
    ...extra,
  };
}

async function mirror(options: Partial<ElectronMirrorOptions> = {}): Promise<ElectronMirror> {
  const m = await startElectronMirror({ version: VERSION, ...options });
  mirrors.push(m);
  return m;
}

function recorder(isTTY = false): { out: { write(text: string): boolean; isTTY: boolean }; text(): string } {
  let text = '';
  return { out: { isTTY, write: (chunk: string) => ((text += chunk), true) }, text: () => text };
}

const paths = (m: ElectronMirror) => m.requests.map((r) => `${r.method} ${r.path}`);
const FAST = { pollMs: 20, reportEveryMs: 0, timeoutMs: 30_000 };

describe('npm start on a fresh checkout (Electron fetched by its own installer)', () => {
  it('downloads Electron from ELECTRON_MIRROR with progress, checks it against SHASUMS256.txt, caches it, then opens it', async () => {
    const m = await mirror({
      // The stand-in records how it was started.
      binaryScript: '#!/bin/sh\nprintf "%s\\n" "$@" > "$FAKE_ELECTRON_RECORD"\nexit 0\n',
      padBytes: 1_500_000,
      chunkBytes: 128 * 1024,
      chunkDelayMs: 50,
    });
    const electronDir = freshElectronPackage();
    const record = path.join(work, 'started-with.txt');
    const env = installEnv({
      ELECTRON_MIRROR: m.url,
      electron_use_remote_checksums: '1',
      FAKE_ELECTRON_RECORD: record,
    });
    const out = recorder();
    const err = recorder();
    let built = false;

    const code = await start({
      electronDir,
      env,
      args: ['the-app-folder'],
      out: out.out,
      err: err.out,
      install: FAST,
      build: async () => {
        built = true;
        return 5;
      },
    });

    expect(err.text()).toBe('');
    expect(code).toBe(0);
    expect(built).toBe(true);
    // The installer asked the mirror for the zip and for the checksums next to it, nothing else.
    expect(paths(m)).toEqual([`GET /electron/v${VERSION}/${ZIP}`, `GET /electron/v${VERSION}/SHASUMS256.txt`]);
    // Progress: the size grew through several lines, then the total, then ready.
    const progress = [
      ...out
        .text()
        .matchAll(new RegExp(`Downloading Electron ${VERSION.replace(/\./g, '\\.')}: ([\\d.]+) (kB|MB)`, 'g')),
    ].map((match) => Number(match[1]) * (match[2] === 'MB' ? 1024 : 1));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toBeGreaterThan(progress[0]!);
    expect(out.text()).toMatch(new RegExp(`Downloaded Electron ${VERSION.replace(/\./g, '\\.')}: 1\\.\\d MB`));
    expect(out.text()).toContain(`from:  ${m.url}`);
    expect(out.text()).toContain(`Electron ${VERSION} is ready`);
    // Installed where the electron package looks for it, and started with the app folder.
    expect(readFileSync(path.join(electronDir, 'path.txt'), 'utf8')).toBe('electron');
    expect(findElectronBinary(electronDir, env)).toBe(path.join(electronDir, 'dist', 'electron'));
    expect(readFileSync(record, 'utf8')).toBe('the-app-folder\n');
    // Kept in Electron's cache, in the folder @electron/get names by the SHA-256 of the file's URL folder.
    const folder = createHash('sha256')
      .update(new URL(`v${VERSION}`, m.url).href)
      .digest('hex');
    expect(readFileSync(path.join(env.electron_config_cache!, folder, ZIP)).equals(m.zip)).toBe(true);
  });

  it("with the package's own checksums.json (the default), a matching zip needs no SHASUMS256.txt, and a second checkout uses the cache", async () => {
    const m = await mirror();
    const env = installEnv({ ELECTRON_MIRROR: m.url });
    const first = await ensureElectron({
      electronDir: freshElectronPackage({ [ZIP]: m.sha256 }),
      env,
      out: recorder().out,
      ...FAST,
    });
    expect(first).toMatchObject({ ok: true, installed: true });
    expect(paths(m)).toEqual([`GET /electron/v${VERSION}/${ZIP}`]);

    const second = await ensureElectron({
      electronDir: freshElectronPackage({ [ZIP]: m.sha256 }),
      env,
      out: recorder().out,
      ...FAST,
    });
    expect(second).toMatchObject({ ok: true, installed: true });
    expect(paths(m)).toEqual([`GET /electron/v${VERSION}/${ZIP}`]); // nothing more was downloaded
  });

  it('refuses a zip that does not match the checksums Electron ships (the real checksums.json): nothing is installed', async () => {
    const m = await mirror();
    const electronDir = freshElectronPackage(); // checksums.json as published: the stand-in can't match it
    const result = await ensureElectron({
      electronDir,
      env: installEnv({ ELECTRON_MIRROR: m.url }),
      out: recorder().out,
      ...FAST,
    });
    expect(result.ok).toBe(false);
    const message = (result as { message: string }).message;
    expect(message).toContain(`Electron ${VERSION}, the runtime it runs in, could not be downloaded`);
    expect(message).toContain("did not match Electron's published SHA-256 checksum");
    expect(message).toContain('npm run web');
    expect(existsSync(path.join(electronDir, 'path.txt'))).toBe(false);
    expect(findElectronBinary(electronDir)).toBeNull();
  });

  it("refuses a download that differs from the mirror's SHASUMS256.txt", async () => {
    const m = await mirror({ tamper: true });
    const electronDir = freshElectronPackage();
    const result = await ensureElectron({
      electronDir,
      env: installEnv({ ELECTRON_MIRROR: m.url, electron_use_remote_checksums: '1' }),
      out: recorder().out,
      ...FAST,
    });
    expect(result.ok).toBe(false);
    expect((result as { message: string }).message).toContain('checksum');
    expect(paths(m)).toContain(`GET /electron/v${VERSION}/SHASUMS256.txt`);
    expect(findElectronBinary(electronDir)).toBeNull();
  });

  it('honours ELECTRON_CUSTOM_DIR ("{{ version }}" is the bare version)', async () => {
    const m = await mirror({ dir: VERSION });
    const electronDir = freshElectronPackage({ [ZIP]: m.sha256 });
    const result = await ensureElectron({
      electronDir,
      env: installEnv({ ELECTRON_MIRROR: m.url, ELECTRON_CUSTOM_DIR: '{{ version }}' }),
      out: recorder().out,
      ...FAST,
    });
    expect(result).toMatchObject({ ok: true });
    expect(paths(m)).toEqual([`GET /electron/${VERSION}/${ZIP}`]);
  });

  it('a mirror without this release: says which address answered 404 and how the address is made; start exits 1 without building', async () => {
    const m = await mirror({ dir: VERSION }); // the release sits in "45.x.y", the installer asks for "v45.x.y"
    const err = recorder();
    let built = false;
    const code = await start({
      electronDir: freshElectronPackage(),
      env: installEnv({ ELECTRON_MIRROR: m.url }),
      out: recorder().out,
      err: err.out,
      install: FAST,
      build: async () => {
        built = true;
        return 0;
      },
    });
    expect(code).toBe(1);
    expect(built).toBe(false);
    expect(err.text()).toContain(`answered HTTP 404 (Not Found) for ${m.url}v${VERSION}/${ZIP}`);
    expect(err.text()).toContain('ELECTRON_CUSTOM_DIR');
    expect(err.text()).toContain('npm run web');
  });

  it('no network: says the mirror could not be reached and points to npm run web', async () => {
    const m = await mirror();
    const closedUrl = m.url;
    await m.close();
    mirrors.splice(mirrors.indexOf(m), 1);
    const result = await ensureElectron({
      electronDir: freshElectronPackage(),
      env: installEnv({ ELECTRON_MIRROR: closedUrl }),
      out: recorder().out,
      ...FAST,
    });
    expect(result.ok).toBe(false);
    expect((result as { message: string }).message).toMatch(/could not be reached[\s\S]*npm run web/);
  });

  it('replaces a binary an older electron package left behind', async () => {
    const m = await mirror();
    const electronDir = freshElectronPackage({ [ZIP]: m.sha256 });
    mkdirSync(path.join(electronDir, 'dist'), { recursive: true });
    writeFileSync(path.join(electronDir, 'dist', 'electron'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(path.join(electronDir, 'dist', 'version'), '44.0.0');
    writeFileSync(path.join(electronDir, 'path.txt'), 'electron');
    const out = recorder();
    const result = await ensureElectron({
      electronDir,
      env: installEnv({ ELECTRON_MIRROR: m.url }),
      out: out.out,
      ...FAST,
    });
    expect(result).toMatchObject({ ok: true, installed: true });
    expect(out.text()).toContain(`Electron 44.0.0 in node_modules is older than the ${VERSION}`);
    expect(readFileSync(path.join(electronDir, 'dist', 'version'), 'utf8')).toBe(VERSION);
    expect(paths(m)).toEqual([`GET /electron/v${VERSION}/${ZIP}`]);
  });

  it('does nothing when the binary is already there', async () => {
    const m = await mirror();
    const electronDir = freshElectronPackage();
    mkdirSync(path.join(electronDir, 'dist'), { recursive: true });
    writeFileSync(path.join(electronDir, 'dist', 'electron'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(path.join(electronDir, 'dist', 'version'), VERSION);
    writeFileSync(path.join(electronDir, 'path.txt'), 'electron');
    const out = recorder();
    const result = await ensureElectron({
      electronDir,
      env: installEnv({ ELECTRON_MIRROR: m.url }),
      out: out.out,
      ...FAST,
    });
    expect(result).toEqual({ ok: true, binary: path.join(electronDir, 'dist', 'electron'), installed: false });
    expect(m.requests).toEqual([]);
    expect(out.text()).toBe('');
  });
});

describe('install failure messages', () => {
  const context = {
    version: '45.4.1',
    mirror: 'https://github.com/electron/electron/releases/download/',
    cacheDir: '/c',
    exitCode: 1,
  };
  it('name the cause in plain words, and always the web fallback', () => {
    expect(explainInstallFailure('TypeError: fetch failed\n    at node:internal', context)).toMatch(
      /GitHub could not be reached[\s\S]*ELECTRON_GET_USE_PROXY[\s\S]*npm run web/,
    );
    expect(explainInstallFailure('Error: ENOSPC: no space left on device, write', context)).toContain(
      'the disk is full',
    );
    expect(
      explainInstallFailure("Error: EACCES: permission denied, open '/x/node_modules/electron/path.txt'", context),
    ).toContain('not allowed to write');
    expect(explainInstallFailure('Error: something new\n    at x (y.js:1:1)', context)).toContain(
      'stopped with: Error: something new',
    );
    expect(explainInstallFailure('', { ...context, timedOut: true })).toContain('did not finish in time');
  });

  it('electronCacheDir follows @electron/get (env-paths) and electron_config_cache', () => {
    expect(electronCacheDir({}, 'linux', '/home/u')).toBe('/home/u/.cache/electron');
    expect(electronCacheDir({ XDG_CACHE_HOME: '/x' }, 'linux', '/home/u')).toBe('/x/electron');
    expect(electronCacheDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Caches/electron');
    expect(electronCacheDir({ LOCALAPPDATA: 'C:\\L' }, 'win32', 'C:\\U')).toBe(path.join('C:\\L', 'electron', 'Cache'));
    expect(electronCacheDir({ electron_config_cache: '/mine' }, 'linux', '/home/u')).toBe('/mine');
  });
});
