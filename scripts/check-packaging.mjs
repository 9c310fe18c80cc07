#!/usr/bin/env node
/**
 * `npm run check:packaging`: packs the app the way `npm run dist` does, without Electron's real binary (which
 * can't be downloaded everywhere CI runs), and checks the result.
 *
 * 1. Build dist/ (skip with --skip-build when it was just built).
 * 2. Make a stand-in Electron distribution under .cache/packaging/: an `electron` placeholder (a shell script
 *    that refuses to run) carrying Electron's fuse wire, every fuse set opposite to what we want.
 * 3. Run electron-builder's `dir` target for Linux with `electronDist` pointing there, on electron-builder.yml
 *    (or --config <file>). electron-builder copies the stand-in, renames the binary to the product's, packs
 *    app.asar and flips the fuses exactly as for a real build.
 * 4. Assert what the asar holds (built main, preload, renderer, catalog data, the app's package.json; no
 *    sources, tests, maps, node_modules or dev dependencies; nothing outside the built output), the fuse
 *    settings in the config the build used, the fuse wire electron-builder wrote into the binary, the installer
 *    targets and icons, and that the icons are up to date with build/icon.svg.
 *
 * Prints one line per check and a summary; exits 1 if any failed (2 if it could not pack at all). `--keep`
 * leaves the packed app in .cache/packaging/release for a look; `--report <file>` writes the counts as JSON.
 */
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What electron-builder.yml must set; asserted on the resolved config and on the packed binary's fuse wire. */
export const EXPECTED_FUSES = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: false,
};

/** Position of each fuse in Electron's fuse wire (FuseV1Options in @electron/fuses). */
export const FUSE_WIRE_INDEX = {
  runAsNode: 0,
  enableCookieEncryption: 1,
  enableNodeOptionsEnvironmentVariable: 2,
  enableNodeCliInspectArguments: 3,
  enableEmbeddedAsarIntegrityValidation: 4,
  onlyLoadAppFromAsar: 5,
  loadBrowserProcessSpecificV8Snapshot: 6,
  grantFileProtocolExtraPrivileges: 7,
};

/** Electron's sentinel before the fuse wire; the wire is: version (1), length, then '0'/'1' per fuse. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_ON = 0x31;
const FUSE_OFF = 0x30;

/** The only places packaged files may come from (files: in electron-builder.yml). */
const ALLOWED_PREFIXES = ['dist/electron/', 'dist/renderer/', 'dist/service-data/'];

const check = (name, ok, detail = '') => ({ name, ok: Boolean(ok), detail });

/**
 * The stand-in Electron binary: a script that refuses to run, followed by a fuse wire with every fuse opposite
 * to EXPECTED_FUSES, so each one electron-builder does not flip shows up as a failure.
 */
export function placeholderBinary() {
  const names = Object.keys(FUSE_WIRE_INDEX);
  const wire = Buffer.alloc(names.length);
  for (const name of names) wire[FUSE_WIRE_INDEX[name]] = EXPECTED_FUSES[name] ? FUSE_OFF : FUSE_ON;
  return Buffer.concat([
    Buffer.from(
      '#!/bin/sh\necho "Stand-in for the Electron binary (Market Desk packaging check): not runnable." >&2\nexit 1\n',
      'utf8',
    ),
    Buffer.from(FUSE_SENTINEL, 'latin1'),
    Buffer.from([1, wire.length]),
    wire,
    Buffer.from('\n', 'utf8'),
  ]);
}

/** Reads the fuse wire back from a binary: { fuseName: true | false | 'removed' | undefined }. */
export function readFuseWire(binary) {
  const at = binary.indexOf(Buffer.from(FUSE_SENTINEL, 'latin1'));
  if (at < 0) return null;
  const version = binary[at + FUSE_SENTINEL.length];
  const length = binary[at + FUSE_SENTINEL.length + 1] ?? 0;
  const states = {};
  for (const [name, index] of Object.entries(FUSE_WIRE_INDEX)) {
    const state = index < length ? binary[at + FUSE_SENTINEL.length + 2 + index] : undefined;
    states[name] = state === FUSE_ON ? true : state === FUSE_OFF ? false : state === undefined ? undefined : 'removed';
  }
  return { version, states };
}

/** One check per fuse: `source` names where the values were read (config, binary). */
export function checkFuses(fuses, source) {
  return Object.entries(EXPECTED_FUSES).map(([name, want]) =>
    check(
      `fuse ${name} = ${want} (${source})`,
      fuses != null && fuses[name] === want,
      fuses == null ? 'no fuses found' : `found ${fuses[name]}`,
    ),
  );
}

/** Files (not directories) in an asar, '/'-separated, without a leading slash. */
export function listAsarFiles(archive) {
  const asar = require('@electron/asar');
  const { header } = asar.getRawHeader(archive);
  const files = [];
  const walk = (node, prefix) => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const relative = prefix ? `${prefix}/${name}` : name;
      if (child.files) walk(child, relative);
      else files.push(relative);
    }
  };
  walk(header, '');
  return files.sort();
}

export function readAsarText(archive, file) {
  const asar = require('@electron/asar');
  return asar.extractFile(archive, file).toString('utf8');
}

/**
 * The asar's contents against what the app needs at run time (electron/main/main.ts: main.js, preload.cjs
 * next to it, ../renderer, ../service-data) and against what must not ship.
 *
 * @param {{ files: string[], readText: (file: string) => string, rootPackage: Record<string, any>,
 *   serviceDataFiles: string[] }} input
 */
export function checkAsarContents({ files, readText, rootPackage, serviceDataFiles }) {
  const has = new Set(files);
  const results = [];
  const list = (matches) =>
    matches.length ? matches.slice(0, 8).join(', ') + (matches.length > 8 ? ` … (${matches.length})` : '') : '';

  let pkg = null;
  try {
    pkg = has.has('package.json') ? JSON.parse(readText('package.json')) : null;
  } catch {
    pkg = null;
  }
  results.push(check('asar: package.json present and valid JSON', pkg != null));
  results.push(
    check(
      "asar: package.json name and version are the app's",
      pkg?.name === rootPackage.name && pkg?.version === rootPackage.version,
      `${pkg?.name}@${pkg?.version}`,
    ),
  );
  results.push(
    check(
      'asar: package.json main is dist/electron/main.js and is packed',
      pkg?.main === 'dist/electron/main.js' && has.has(pkg?.main),
      `main: ${pkg?.main}`,
    ),
  );
  results.push(
    check('asar: package.json type is module (main is an ES module)', pkg?.type === 'module', `type: ${pkg?.type}`),
  );
  const leaked = ['devDependencies', 'scripts', 'build'].filter((key) => pkg != null && key in pkg);
  results.push(
    check(
      'asar: package.json has no devDependencies, scripts or build config',
      pkg != null && leaked.length === 0,
      leaked.join(', '),
    ),
  );

  results.push(check('asar: built main (dist/electron/main.js)', has.has('dist/electron/main.js')));
  results.push(check('asar: built preload (dist/electron/preload.cjs)', has.has('dist/electron/preload.cjs')));
  results.push(check('asar: renderer index.html', has.has('dist/renderer/index.html')));
  const assets = files.filter((file) => file.startsWith('dist/renderer/assets/'));
  results.push(
    check(
      'asar: renderer scripts and styles',
      assets.some((f) => f.endsWith('.js')) && assets.some((f) => f.endsWith('.css')),
      `${assets.length} assets`,
    ),
  );
  let missingRefs = [];
  if (has.has('dist/renderer/index.html')) {
    const html = readText('dist/renderer/index.html');
    const refs = [...html.matchAll(/(?:src|href)="\.?\/?([^"#?:]+)"/g)].map((m) => `dist/renderer/${m[1]}`);
    missingRefs = refs.filter((ref) => !has.has(ref));
  }
  results.push(
    check(
      'asar: every file index.html loads is packed',
      has.has('dist/renderer/index.html') && missingRefs.length === 0,
      list(missingRefs),
    ),
  );
  const wantData = serviceDataFiles.map((name) => `dist/service-data/${name}`);
  const missingData = wantData.filter((file) => !has.has(file));
  results.push(
    check(
      'asar: reference service catalog data (dist/service-data)',
      wantData.length > 0 && missingData.length === 0,
      missingData.length ? `missing ${list(missingData)}` : `${wantData.length} files`,
    ),
  );

  const sources = files.filter((f) => /\.(ts|tsx|mts|cts)$/.test(f));
  results.push(check('asar: no TypeScript sources', sources.length === 0, list(sources)));
  const maps = files.filter((f) => f.endsWith('.map'));
  results.push(check('asar: no source maps', maps.length === 0, list(maps)));
  const tests = files.filter((f) => /(^|\/)(e2e|testing|__tests__)\/|\.(test|spec)\.[cm]?[jt]sx?$/.test(f));
  results.push(check('asar: no tests or test helpers', tests.length === 0, list(tests)));
  const sourceDirs = files.filter((f) => /^(service|electron|renderer|shared|webhost|scripts|e2e|build)\//.test(f));
  results.push(
    check(
      'asar: no source folders (service/src, electron/, renderer/, e2e/ …)',
      sourceDirs.length === 0,
      list(sourceDirs),
    ),
  );
  const devDeps = Object.keys(rootPackage.devDependencies ?? {});
  const packedDevDeps = devDeps.filter((dep) => files.some((f) => f.startsWith(`node_modules/${dep}/`)));
  results.push(check('asar: no dev dependencies in node_modules', packedDevDeps.length === 0, list(packedDevDeps)));
  const modules = files.filter((f) => f.startsWith('node_modules/'));
  results.push(check('asar: no node_modules at all (everything is bundled)', modules.length === 0, list(modules)));
  const outside = files.filter((f) => f !== 'package.json' && !ALLOWED_PREFIXES.some((prefix) => f.startsWith(prefix)));
  results.push(
    check(
      'asar: nothing but package.json and dist/{electron,renderer,service-data}',
      outside.length === 0,
      list(outside),
    ),
  );
  return results;
}

/**
 * electron-builder's own deb dependencies and recommends (app-builder-lib FpmTarget), which a `deb.depends`
 * list replaces rather than extends.
 */
export function electronBuilderDebDefaults() {
  const FpmTarget = require('app-builder-lib/out/targets/FpmTarget.js').default;
  return {
    depends: FpmTarget.prototype.getDefaultDepends.call(null, 'deb'),
    recommends: FpmTarget.prototype.getDefaultRecommends.call(null, 'deb'),
  };
}

/**
 * The deb package: its dependencies keep electron-builder's defaults and add libsecret (safeStorage's
 * keyring on Linux); the postinst that installs electron-builder's AppArmor profile is not replaced (Ubuntu
 * 23.10+/24.04 abort the app without it); fuses are flipped by electronFuses, which electron-builder applies
 * after packing and before signing (platformPackager doPack), with no hook flipping them after a signature.
 */
export function checkLinuxAndSigning(config, defaults = electronBuilderDebDefaults()) {
  const listed = (value) => (value == null ? null : [value].flat().map(String));
  const depends = listed(config.deb?.depends) ?? listed(config.linux?.depends) ?? defaults.depends;
  const missing = [...defaults.depends, 'libsecret-1-0'].filter(
    (name, i, all) => all.indexOf(name) === i && !depends.includes(name),
  );
  const recommends = listed(config.deb?.recommends) ?? defaults.recommends;
  const missingRecommends = defaults.recommends.filter((name) => !recommends.includes(name));
  const scripts = ['afterInstall', 'afterRemove', 'appArmorProfile'].filter(
    (key) => config.deb?.[key] != null || config.linux?.[key] != null,
  );
  const hooks = ['afterPack', 'afterSign', 'afterAllArtifactBuild'].filter((key) => config[key] != null);
  return [
    check(
      "config: deb depends on electron-builder's defaults plus libsecret-1-0",
      missing.length === 0,
      missing.length ? `missing ${missing.join(', ')}` : depends.join(', '),
    ),
    check(
      "config: deb recommends keep electron-builder's defaults",
      missingRecommends.length === 0,
      missingRecommends.join(', '),
    ),
    check(
      "config: deb keeps electron-builder's postinst and AppArmor profile (Ubuntu 23.10+)",
      scripts.length === 0,
      scripts.map((key) => `${key} is overridden`).join(', '),
    ),
    check(
      'config: fuses come from electronFuses (flipped before signing), no hook after packing',
      config.electronFuses != null && hooks.length === 0,
      hooks.join(', '),
    ),
  ];
}

/** The targets, asar and icons in the config the build used. */
export function checkConfig(config) {
  const names = (targets) =>
    (Array.isArray(targets) ? targets : targets == null ? [] : [targets]).map((t) =>
      typeof t === 'string' ? t : t.target,
    );
  const macDmg = (Array.isArray(config.mac?.target) ? config.mac.target : []).find(
    (t) => (typeof t === 'string' ? t : t.target) === 'dmg',
  );
  const macArchs = typeof macDmg === 'object' ? [macDmg.arch].flat() : [];
  const exists = (relative) => relative != null && existsSync(path.resolve(root, relative));
  const linuxIconDir = config.linux?.icon;
  const linuxIcons =
    linuxIconDir && exists(linuxIconDir) && statSync(path.resolve(root, linuxIconDir)).isDirectory()
      ? readdirSync(path.resolve(root, linuxIconDir))
      : [];
  return [
    check('config: asar is on', config.asar === true || config.asar == null, `asar: ${JSON.stringify(config.asar)}`),
    check(
      'config: Linux targets AppImage and deb',
      ['AppImage', 'deb'].every((t) => names(config.linux?.target).includes(t)),
      names(config.linux?.target).join(', '),
    ),
    check(
      'config: deb has category, maintainer and description',
      Boolean(config.linux?.category && config.linux?.maintainer && config.linux?.description),
    ),
    check(
      'config: Windows target NSIS',
      names(config.win?.target).includes('nsis'),
      names(config.win?.target).join(', '),
    ),
    check(
      'config: macOS dmg for x64 and arm64',
      macArchs.includes('x64') && macArchs.includes('arm64'),
      macArchs.join(', '),
    ),
    check(
      'config: Linux icons (build/icons/NxN.png, 16 to 512 at least)',
      [16, 32, 48, 64, 128, 256, 512].every((n) => linuxIcons.includes(`${n}x${n}.png`)),
      linuxIconDir ?? 'no linux.icon',
    ),
    check(
      'config: Windows icon (.ico) exists',
      String(config.win?.icon ?? '').endsWith('.ico') && exists(config.win?.icon),
      config.win?.icon ?? 'no win.icon',
    ),
    check(
      'config: macOS icon (.icns) exists',
      String(config.mac?.icon ?? '').endsWith('.icns') && exists(config.mac?.icon),
      config.mac?.icon ?? 'no mac.icon',
    ),
  ];
}

function electronVersion() {
  return JSON.parse(readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
}

/** Makes the stand-in distribution electron-builder copies instead of downloading Electron. */
async function makeStandInElectron(dir, version) {
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'resources'), { recursive: true });
  await mkdir(path.join(dir, 'locales'), { recursive: true });
  const binary = path.join(dir, 'electron');
  await writeFile(binary, placeholderBinary());
  await chmod(binary, 0o755);
  await writeFile(path.join(dir, 'version'), `${version}\n`);
  await writeFile(path.join(dir, 'LICENSE'), 'Stand-in for the Electron distribution (packaging check).\n');
  await writeFile(path.join(dir, 'locales', 'en-US.pak'), '');
}

/** Packs the Linux `dir` target; returns the config the build used and where the app was written. */
async function pack({ configFile, electronDist, outputDir, version }) {
  const { Arch, Packager, Platform } = require('electron-builder');
  const packager = new Packager({
    projectDir: root,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    // `extends` with a file path is read as the config file; these keys are merged over it.
    config: { extends: configFile, electronDist, electronVersion: version, directories: { output: outputDir } },
  });
  let appOutDir = null;
  let executableName = null;
  packager.onAfterPack((context) => {
    appOutDir = context.appOutDir;
    executableName = context.packager.executableName;
  });
  const result = await packager.build();
  return { config: result.configuration, appOutDir, executableName };
}

export async function runPackagingCheck({
  configFile = 'electron-builder.yml',
  skipBuild = false,
  keep = false,
  log = console.log,
} = {}) {
  const started = performance.now();
  const results = [];
  const work = path.join(root, '.cache', 'packaging');
  const electronDist = path.join(work, 'electron-dist');
  const outputDir = path.join(work, 'release');

  if (!skipBuild) {
    const { buildAll } = await import('./build.mjs');
    const ms = await buildAll();
    log(`built dist/ in ${(ms / 1000).toFixed(1)} s`);
  }
  const { makeIcons } = await import('./make-icons.mjs');
  const icons = await makeIcons(await readFile(path.join(root, 'build', 'icon.svg'), 'utf8'));
  const staleIcons = [...icons]
    .filter(([file, bytes]) => !existsSync(path.join(root, file)) || !bytes.equals(readFileSync(path.join(root, file))))
    .map(([file]) => file);
  results.push(
    check(
      'icons: build/ is up to date with build/icon.svg (npm run icons)',
      staleIcons.length === 0,
      staleIcons.join(', '),
    ),
  );

  const version = electronVersion();
  await makeStandInElectron(electronDist, version);
  await rm(outputDir, { recursive: true, force: true });
  const packed = await pack({ configFile: path.resolve(root, configFile), electronDist, outputDir, version });

  results.push(...checkConfig(packed.config));
  results.push(...checkLinuxAndSigning(packed.config));
  results.push(...checkFuses(packed.config.electronFuses, 'config the build used'));

  const binaryPath =
    packed.appOutDir && packed.executableName ? path.join(packed.appOutDir, packed.executableName) : null;
  const binaryExists = binaryPath != null && existsSync(binaryPath);
  results.push(
    check(
      'binary: electron renamed to the product executable',
      binaryExists,
      binaryPath ? path.relative(root, binaryPath) : 'no appOutDir',
    ),
  );
  // The stand-in starts with every fuse opposite to the wanted value: each check below proves a flip.
  const wire = binaryExists ? readFuseWire(await readFile(binaryPath)) : null;
  results.push(...checkFuses(wire?.states ?? null, 'wire in the packed binary'));

  const archive = packed.appOutDir ? path.join(packed.appOutDir, 'resources', 'app.asar') : '';
  const asarExists = archive !== '' && existsSync(archive);
  results.push(check('asar: resources/app.asar exists', asarExists, archive ? path.relative(root, archive) : ''));
  results.push(
    check(
      'asar: no unpacked resources/app folder',
      !packed.appOutDir || !existsSync(path.join(packed.appOutDir, 'resources', 'app')),
    ),
  );
  if (asarExists) {
    const serviceData = path.join(root, 'service', 'data');
    results.push(
      ...checkAsarContents({
        files: listAsarFiles(archive),
        readText: (file) => readAsarText(archive, file),
        rootPackage: JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')),
        serviceDataFiles: existsSync(serviceData) ? (await readdir(serviceData)).sort() : [],
      }),
    );
  }
  if (!keep) await rm(outputDir, { recursive: true, force: true });
  return { results, ms: Math.round(performance.now() - started) };
}

function parseArgs(argv) {
  const value = (flag) => {
    const at = argv.indexOf(flag);
    return at >= 0 && argv[at + 1] ? argv[at + 1] : undefined;
  };
  return {
    skipBuild: argv.includes('--skip-build'),
    keep: argv.includes('--keep'),
    configFile: value('--config'),
    report: value('--report'),
  };
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  const args = parseArgs(process.argv.slice(2));
  runPackagingCheck({
    skipBuild: args.skipBuild,
    keep: args.keep,
    ...(args.configFile ? { configFile: args.configFile } : {}),
  }).then(
    async ({ results, ms }) => {
      console.log('');
      for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name}${r.detail ? `  [${r.detail}]` : ''}`);
      const failed = results.filter((r) => !r.ok).length;
      // --report <file>: the counts as JSON for .ci/run's total.
      if (args.report)
        await writeFile(
          path.resolve(args.report),
          JSON.stringify({ passed: results.length - failed, failed, ms, results }, null, 2),
        );
      console.log(
        `\npackaging check: ${results.length - failed} passed, ${failed} failed (${(ms / 1000).toFixed(1)} s)`,
      );
      process.exit(failed === 0 ? 0 : 1);
    },
    (error) => {
      console.error(
        `packaging check: could not pack: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      process.exit(2);
    },
  );
}
