/**
 * The packaging checker's assertions can fail: a deliberately bad asar, an unflipped fuse wire and an incomplete
 * config each fail the checks they should. (The real pack runs in `npm run check:packaging`, in CI.)
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkAsarContents,
  checkConfig,
  checkFuses,
  checkLinuxAndSigning,
  electronBuilderDebDefaults,
  EXPECTED_FUSES,
  listAsarFiles,
  placeholderBinary,
  readAsarText,
  readFuseWire,
  type CheckResult,
} from './check-packaging.mjs';

const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as { createPackage(src: string, dest: string): Promise<void> };
const fuses = require('@electron/fuses') as {
  flipFuses(file: string, config: Record<string | number, unknown>): Promise<unknown>;
  FuseVersion: { V1: string };
  FuseV1Options: Record<string, number>;
};

const work = path.resolve(import.meta.dirname, '..', '.cache', 'test-packaging');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ROOT_PACKAGE = { name: 'market-desk', version: '1.2.3', devDependencies: { vitest: '4', electron: '45' } };
const GOOD_FILES: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'market-desk',
    version: '1.2.3',
    type: 'module',
    main: 'dist/electron/main.js',
  }),
  'dist/electron/main.js': 'export {};',
  'dist/electron/preload.cjs': '"use strict";',
  'dist/renderer/index.html':
    '<script type="module" src="./assets/index-abc.js"></script><link rel="stylesheet" href="./assets/index-abc.css">',
  'dist/renderer/assets/index-abc.js': '',
  'dist/renderer/assets/index-abc.css': '',
  'dist/service-data/catalog-730.tsv': 'x',
};

async function makeAsar(name: string, files: Record<string, string>): Promise<string> {
  const dir = path.join(work, name);
  rmSync(dir, { recursive: true, force: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const archive = path.join(work, `${name}.asar`);
  await asar.createPackage(dir, archive);
  return archive;
}

function inspect(archive: string): CheckResult[] {
  return checkAsarContents({
    files: listAsarFiles(archive),
    readText: (file) => readAsarText(archive, file),
    rootPackage: ROOT_PACKAGE,
    serviceDataFiles: ['catalog-730.tsv'],
  });
}

const failed = (results: CheckResult[]) => results.filter((r) => !r.ok).map((r) => r.name);

describe('asar checks', () => {
  it('pass on an asar holding exactly the built app', async () => {
    const results = inspect(await makeAsar('good', GOOD_FILES));
    expect(failed(results)).toEqual([]);
    expect(results.length).toBeGreaterThan(15);
  });

  it('fail on sources, tests, maps, dev dependencies, a leaky package.json and missing parts', async () => {
    const { 'dist/electron/preload.cjs': _preload, 'dist/service-data/catalog-730.tsv': _data, ...rest } = GOOD_FILES;
    const archive = await makeAsar('bad', {
      ...rest,
      'package.json': JSON.stringify({
        name: 'market-desk',
        version: '1.2.3',
        main: 'dist/main.js',
        scripts: { start: 'x' },
        devDependencies: { vitest: '4' },
      }),
      'dist/electron/main.js.map': '{}',
      'electron/main/main.ts': 'export {};',
      'service/src/index.ts': 'export {};',
      'e2e/grid.spec.ts': '',
      'node_modules/vitest/package.json': '{}',
      'dist/webhost/server.js': '',
    });
    const fails = failed(inspect(archive));
    expect(fails).toEqual(
      expect.arrayContaining([
        'asar: package.json main is dist/electron/main.js and is packed',
        'asar: package.json type is module (main is an ES module)',
        'asar: package.json has no devDependencies, scripts or build config',
        'asar: built preload (dist/electron/preload.cjs)',
        'asar: reference service catalog data (dist/service-data)',
        'asar: no TypeScript sources',
        'asar: no source maps',
        'asar: no tests or test helpers',
        'asar: no source folders (service/src, electron/, renderer/, e2e/ …)',
        'asar: no dev dependencies in node_modules',
        'asar: no node_modules at all (everything is bundled)',
        'asar: nothing but package.json and dist/{electron,renderer,service-data}',
      ]),
    );
    expect(fails).not.toContain('asar: built main (dist/electron/main.js)');
  });

  it('fail when index.html loads a file that was not packed', async () => {
    const { 'dist/renderer/assets/index-abc.css': _css, ...rest } = GOOD_FILES;
    expect(failed(inspect(await makeAsar('no-css', rest)))).toContain('asar: every file index.html loads is packed');
  });
});

describe('fuse checks', () => {
  it('the stand-in binary starts with every fuse wrong, and @electron/fuses flips it like a real one', async () => {
    const wire = readFuseWire(placeholderBinary());
    expect(wire?.version).toBe(1);
    expect(failed(checkFuses(wire?.states, 'stand-in'))).toHaveLength(Object.keys(EXPECTED_FUSES).length);

    mkdirSync(work, { recursive: true });
    const file = path.join(work, 'electron');
    writeFileSync(file, placeholderBinary());
    const { FuseV1Options, FuseVersion } = fuses;
    await fuses.flipFuses(file, {
      version: FuseVersion.V1,
      [FuseV1Options.RunAsNode!]: false,
      [FuseV1Options.EnableCookieEncryption!]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable!]: false,
      [FuseV1Options.EnableNodeCliInspectArguments!]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation!]: true,
      [FuseV1Options.OnlyLoadAppFromAsar!]: true,
      [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot!]: false,
      [FuseV1Options.GrantFileProtocolExtraPrivileges!]: false,
    });
    expect(failed(checkFuses(readFuseWire(readFileSync(file))?.states, 'flipped'))).toEqual([]);
  });

  it('fail one by one on a config that leaves a fuse out or sets it wrong', () => {
    const { onlyLoadAppFromAsar: _left, ...rest } = EXPECTED_FUSES;
    expect(failed(checkFuses({ ...rest, runAsNode: true }, 'config'))).toEqual([
      'fuse runAsNode = false (config)',
      'fuse onlyLoadAppFromAsar = true (config)',
    ]);
    expect(failed(checkFuses(undefined, 'config'))).toHaveLength(8);
  });
});

describe('config checks', () => {
  it('fail without arm64, icons or a target', () => {
    const fails = failed(
      checkConfig({ asar: false, linux: { target: ['AppImage'] }, win: { target: 'nsis' }, mac: { target: ['dmg'] } }),
    );
    expect(fails).toEqual([
      'config: asar is on',
      'config: Linux targets AppImage and deb',
      'config: deb has category, maintainer and description',
      'config: macOS dmg for x64 and arm64',
      'config: Linux icons (build/icons/NxN.png, 16 to 512 at least)',
      'config: Windows icon (.ico) exists',
      'config: macOS icon (.icns) exists',
    ]);
  });
});

describe('deb dependencies, AppArmor profile and fuse order', () => {
  const yaml = require('js-yaml') as { load(text: string): unknown };
  const config = yaml.load(
    readFileSync(path.resolve(import.meta.dirname, '..', 'electron-builder.yml'), 'utf8'),
  ) as Record<string, unknown>;
  const defaults = electronBuilderDebDefaults();

  it("reads electron-builder's own deb defaults from app-builder-lib", () => {
    expect(defaults.depends).toEqual(expect.arrayContaining(['libgtk-3-0', 'libnss3', 'libnotify4', 'xdg-utils']));
    expect(defaults.recommends.length).toBeGreaterThan(0);
  });

  it('electron-builder.yml keeps every default dependency, adds libsecret, and keeps the postinst with its AppArmor profile', () => {
    expect(failed(checkLinuxAndSigning(config, defaults))).toEqual([]);
    const depends = (config.deb as { depends: string[] }).depends;
    for (const name of [...defaults.depends, 'libsecret-1-0']) expect(depends).toContain(name);
  });

  it('fail for a depends list that replaces the defaults, a replaced postinst or profile, and a hook after packing', () => {
    const results = checkLinuxAndSigning(
      {
        deb: { depends: ['libsecret-1-0'], afterInstall: 'build/postinst.sh' },
        linux: { appArmorProfile: 'x' },
        electronFuses: {},
        afterSign: 'flip.js',
      },
      defaults,
    );
    expect(failed(results)).toEqual([
      "config: deb depends on electron-builder's defaults plus libsecret-1-0",
      "config: deb keeps electron-builder's postinst and AppArmor profile (Ubuntu 23.10+)",
      'config: fuses come from electronFuses (flipped before signing), no hook after packing',
    ]);
    expect(results[0]!.detail).toContain('libgtk-3-0');
    expect(
      failed(
        checkLinuxAndSigning({ deb: { depends: defaults.depends.filter((d) => d !== 'libsecret-1-0') } }, defaults),
      ),
    ).toEqual([
      "config: deb depends on electron-builder's defaults plus libsecret-1-0",
      'config: fuses come from electronFuses (flipped before signing), no hook after packing',
    ]);
  });
});
