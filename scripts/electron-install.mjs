/**
 * Gets Electron's binary for `npm start` when it is missing. Electron 45's package has no install script:
 * its binary is fetched on first use by its own installer, node_modules/electron/install.js (@electron/get),
 * which honours ELECTRON_MIRROR / ELECTRON_CUSTOM_DIR, its download cache (electron_config_cache) and the
 * SHA-256 checksums the package ships (checksums.json; SHASUMS256.txt from the mirror with
 * electron_use_remote_checksums). This runs that installer as it is and only adds what it lacks for a first
 * start: a progress line (it shows none for the first 30 s, and none at all without a terminal) and, when it
 * fails, what went wrong in plain words and what to do, with `npm run web` as the way to use the app meanwhile.
 *
 * Progress: the installer downloads into a folder under the OS temp dir before it checks and caches the file,
 * so the child gets a temp dir of its own (TMPDIR/TMP/TEMP) and the zip's growing size is read from there.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_ELECTRON_MIRROR,
  ELECTRON_PACKAGE_DIR,
  electronCacheDir,
  electronMirror,
  electronVersion,
  findElectronBinary,
} from './electron-binary.mjs';

const WEB_FALLBACK = 'Meanwhile the same app runs in your browser: `npm run web`, then open the address it prints.';
/** Kept of the installer's output, for the failure message. */
const OUTPUT_LIMIT = 16 * 1024;

/** "12.3 MB" */
export function formatBytes(bytes) {
  if (bytes < 1024 * 1024) return `${Math.max(0, Math.round(bytes / 1024))} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The plain-words reason the installer failed, from what it printed (install.js prints the error's stack),
 * and what to do about it.
 *
 * @param {string} output the installer's stdout + stderr
 * @param {{ version: string, mirror: string, cacheDir: string, exitCode: number | null, timedOut?: boolean }} context
 */
export function explainInstallFailure(output, { version, mirror, cacheDir, exitCode, timedOut = false }) {
  const customMirror = mirror !== DEFAULT_ELECTRON_MIRROR;
  const from = customMirror ? `the mirror ${mirror} (ELECTRON_MIRROR)` : 'GitHub';
  const http = /HTTPError: Response code (\d+) \(([^)]*)\) for (\S+)/.exec(output);
  let why;
  let todo;
  if (timedOut) {
    why = `the download from ${from} did not finish in time.`;
    todo = 'Check your connection and run `npm start` again.';
  } else if (/did not match expected checksum/.test(output)) {
    why = `the file from ${from} did not match Electron's published SHA-256 checksum, so it was refused (a mirror, proxy or broken download changed it).`;
    todo = `Check ELECTRON_MIRROR, delete the cached copy in ${cacheDir} if there is one, and run \`npm start\` again.`;
  } else if (/No checksum found in checksum file/.test(output)) {
    why = `Electron's checksum list has no entry for the file it downloaded from ${from}.`;
    todo = "Check that ELECTRON_MIRROR and ELECTRON_CUSTOM_DIR point at a copy of Electron's releases.";
  } else if (http) {
    why = `${from} answered HTTP ${http[1]} (${http[2]}) for ${http[3]}.`;
    todo = customMirror
      ? `Check ELECTRON_MIRROR (it must end with "/") and ELECTRON_CUSTOM_DIR: the installer asks for <mirror><dir>/<file>, where <dir> is "v${version}" unless ELECTRON_CUSTOM_DIR says otherwise ("{{ version }}" gives "${version}").`
      : 'Try again later, or download from a mirror by setting ELECTRON_MIRROR.';
  } else if (/fetch failed|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|UND_ERR/i.test(output)) {
    why = `${from} could not be reached (no internet access, a firewall, or a proxy).`;
    todo =
      'Connect to the internet and run `npm start` again. Behind a proxy, set ELECTRON_GET_USE_PROXY=1 and HTTPS_PROXY; ' +
      "where GitHub is blocked, set ELECTRON_MIRROR to a mirror of Electron's releases.";
  } else if (/ENOSPC/.test(output)) {
    why = 'the disk is full.';
    todo = `Free some space (Electron needs about 250 MB in node_modules/electron and ${cacheDir}) and run \`npm start\` again.`;
  } else if (/EACCES|EPERM/.test(output)) {
    why = 'it was not allowed to write node_modules/electron or its cache.';
    todo = `Check the owner of node_modules (it may have been installed with sudo) and of ${cacheDir}.`;
  } else {
    const first =
      output
        .split('\n')
        .map((line) => line.trim())
        .find((line) => line && !line.startsWith('at ')) ?? '';
    why = first
      ? `Electron's installer stopped with: ${first}`
      : `Electron's installer exited with code ${exitCode ?? 'unknown'} and said nothing.`;
    todo = 'Run `node node_modules/electron/install.js` to see its full output.';
  }
  return [
    `Market Desk can't open its desktop window: Electron ${version}, the runtime it runs in, could not be downloaded: ${why}`,
    todo,
    WEB_FALLBACK,
  ].join('\n');
}

/** The version in dist/version (what install.js compares), or null. */
function installedVersion(electronDir) {
  try {
    return readFileSync(path.join(electronDir, 'dist', 'version'), 'utf8')
      .trim()
      .replace(/^v/, '');
  } catch {
    return null;
  }
}

/** The version the electron package asks for, or null when its package.json can't be read. */
function wantedVersion(electronDir) {
  try {
    return electronVersion(electronDir);
  } catch {
    return null;
  }
}

/** The size of the largest .zip the installer is writing under `dir` (it downloads into dir/electron-download-*), or -1. */
function downloadingSize(dir) {
  let size = -1;
  const walk = (folder, depth) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory() && depth > 0) walk(full, depth - 1);
      else if (entry.isFile() && entry.name.endsWith('.zip')) {
        try {
          size = Math.max(size, statSync(full).size);
        } catch {
          // Moved into the cache between readdir and stat.
        }
      }
    }
  };
  walk(dir, 2);
  return size;
}

/**
 * Makes sure Electron's binary is there, running Electron's own installer when it is not.
 *
 * @param {{
 *   electronDir?: string,
 *   env?: NodeJS.ProcessEnv,
 *   out?: { write(text: string): unknown, isTTY?: boolean },
 *   pollMs?: number,
 *   reportEveryMs?: number,
 *   timeoutMs?: number,
 * }} [options] `out` gets the progress; without a terminal a progress line is written every `reportEveryMs`.
 * @returns {Promise<{ ok: true, binary: string, installed: boolean } | { ok: false, message: string }>}
 */
export async function ensureElectron({
  electronDir = ELECTRON_PACKAGE_DIR,
  env = process.env,
  out = process.stdout,
  pollMs = 250,
  reportEveryMs = 5000,
  timeoutMs = 0,
} = {}) {
  const present = findElectronBinary(electronDir, env);
  // A binary left by an older electron package (package.json was bumped) is replaced, as install.js would.
  const stale =
    present !== null &&
    !env.ELECTRON_OVERRIDE_DIST_PATH &&
    wantedVersion(electronDir) !== null &&
    installedVersion(electronDir) !== wantedVersion(electronDir);
  if (present && !stale) return { ok: true, binary: present, installed: false };
  const problem = installProblem(electronDir, env);
  if (problem !== null) return { ok: false, message: problem };

  const version = electronVersion(electronDir);
  const mirror = electronMirror(env);
  const cacheDir = electronCacheDir(env);
  out.write(
    (stale
      ? `Electron ${installedVersion(electronDir)} in node_modules is older than the ${version} package.json asks for: fetching ${version} with Electron's installer.\n`
      : `Electron ${version} is not downloaded yet: fetching it once with Electron's installer.\n`) +
      `  from:  ${mirror}${mirror === DEFAULT_ELECTRON_MIRROR ? ' (set ELECTRON_MIRROR to use a mirror)' : ''}\n` +
      `  cache: ${cacheDir} (a cached copy is used without downloading; electron_config_cache moves it)\n`,
  );
  const started = performance.now();
  const { exitCode, output, timedOut } = await runInstaller(electronDir, env, version, out, {
    pollMs,
    reportEveryMs,
    timeoutMs,
  });
  const binary = exitCode === 0 ? findElectronBinary(electronDir, env) : null;
  if (binary) {
    const took = ((performance.now() - started) / 1000).toFixed(1);
    out.write(`Electron ${version} is ready (${took} s).\n`);
    return { ok: true, binary, installed: true };
  }
  return { ok: false, message: explainInstallFailure(output, { version, mirror, cacheDir, exitCode, timedOut }) };
}

/** Why Electron cannot be installed here at all (an override pointing at nothing, no electron package), or null. */
function installProblem(electronDir, env) {
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    return (
      `Market Desk can't open its desktop window: ELECTRON_OVERRIDE_DIST_PATH is set to ${env.ELECTRON_OVERRIDE_DIST_PATH}, ` +
      'which holds no Electron executable. Point it at an unpacked Electron, or unset it so `npm start` downloads Electron.\n' +
      WEB_FALLBACK
    );
  }
  if (!existsSync(path.join(electronDir, 'install.js')) || !existsSync(path.join(electronDir, 'package.json'))) {
    return (
      `Market Desk can't open its desktop window: ${electronDir} is missing or incomplete, so Electron can't be ` +
      'downloaded. Run `npm install`, then `npm start` again.\n' +
      WEB_FALLBACK
    );
  }
  return null;
}

/**
 * Runs Electron's own install.js with a private temporary folder (so the download's size can be watched there),
 * reporting progress; answers its exit code (null: it could not start), the end of its output and whether the
 * timeout stopped it.
 */
async function runInstaller(electronDir, env, version, out, { pollMs, reportEveryMs, timeoutMs }) {
  const staging = mkdtempSync(path.join(os.tmpdir(), 'market-desk-electron-'));
  const child = spawn(process.execPath, [path.join(electronDir, 'install.js')], {
    cwd: electronDir,
    env: { ...env, TMPDIR: staging, TMP: staging, TEMP: staging, ELECTRON_GET_NO_PROGRESS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  const progress = downloadProgress(staging, version, out, reportEveryMs);
  const timer = setInterval(progress.poll, pollMs);
  let timedOut = false;
  const deadline =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGTERM');
        }, timeoutMs)
      : null;

  const exitCode = await new Promise((resolve) => {
    child.on('error', (error) => {
      keep(Buffer.from(String(error?.message ?? error)));
      resolve(null);
    });
    child.on('close', (code) => resolve(code));
  });
  clearInterval(timer);
  if (deadline) clearTimeout(deadline);
  progress.finish(exitCode === 0);
  rmSync(staging, { recursive: true, force: true });
  return { exitCode, output, timedOut };
}

/** The download's progress, read from the size of the file growing in `staging`: a line (or a rewritten line on a terminal). */
function downloadProgress(staging, version, out, reportEveryMs) {
  let seen = -1;
  let firstByteAt = 0;
  let lastReport = -Infinity;
  let lineOpen = false;
  let unpacking = false;
  const report = (final) => {
    const now = performance.now();
    const seconds = (now - firstByteAt) / 1000;
    // A rate over less than half a second says little.
    const rate = seconds >= 0.5 ? ` (${formatBytes(seen / seconds)}/s)` : '';
    const text =
      `${final ? 'Downloaded' : 'Downloading'} Electron ${version}: ${formatBytes(seen)}` +
      (final ? ` in ${seconds.toFixed(1)} s` : rate);
    if (out.isTTY) {
      out.write(`\r${text.padEnd(60)}${final ? '\n' : ''}`);
      lineOpen = !final;
    } else if (final || now - lastReport >= reportEveryMs) {
      out.write(`${text}\n`);
      lastReport = now;
    }
  };
  return {
    poll() {
      if (unpacking) return;
      const size = downloadingSize(staging);
      if (size > seen) {
        if (seen < 0) firstByteAt = performance.now();
        seen = size;
        report(false);
      } else if (size < 0 && seen >= 0) {
        // The zip left the staging folder: it is being checked against its checksum, cached and unpacked.
        unpacking = true;
        report(true);
        out.write(`Checking and unpacking Electron ${version}…\n`);
      }
    },
    /** After the installer ended: the last figure when it succeeded, or the open progress line closed. */
    finish(ok) {
      if (!unpacking && seen >= 0 && ok) report(true);
      else if (lineOpen) out.write('\n');
    },
  };
}
