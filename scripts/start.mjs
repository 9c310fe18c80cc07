#!/usr/bin/env node
/**
 * `npm start`: make sure Electron's binary is there (on first run Electron's own installer downloads it, with
 * progress: scripts/electron-install.mjs), build, then open the Electron window (demo data from the embedded
 * reference service until a key is set). Every failure ends in plain words and a way forward: a download
 * that can't be done, a build error, or Chromium refusing to start without its sandbox (Ubuntu 23.10+ AppArmor:
 * scripts/electron-launch.mjs). `npm run web` is always offered as the way to use the app meanwhile.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ELECTRON_PACKAGE_DIR } from './electron-binary.mjs';
import { ensureElectron } from './electron-install.mjs';
import { appArmorRestrictsUserNamespaces, launchElectron, sandboxFailureAdvice } from './electron-launch.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @param {{
 *   electronDir?: string,
 *   env?: NodeJS.ProcessEnv,
 *   build?: () => Promise<number>,
 *   args?: string[],
 *   out?: { write(text: string): unknown, isTTY?: boolean },
 *   err?: { write(text: string | Buffer): unknown },
 *   install?: Parameters<typeof ensureElectron>[0],
 *   restricted?: () => boolean | null,
 * }} [options]
 * @returns {Promise<number>} the exit code for `npm start`
 */
export async function start({
  electronDir = ELECTRON_PACKAGE_DIR,
  env = process.env,
  build,
  args = [root],
  out = process.stdout,
  err = process.stderr,
  install = {},
  restricted = appArmorRestrictsUserNamespaces,
} = {}) {
  const electron = await ensureElectron({ electronDir, env, out, ...install });
  if (!electron.ok) {
    err.write(`${electron.message}\n`);
    return 1;
  }
  try {
    const ms = await (build ?? (await import('./build.mjs')).buildAll)();
    out.write(`Built in ${(ms / 1000).toFixed(1)} s; opening Market Desk…\n`);
  } catch (error) {
    err.write(`Build failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const result = await launchElectron(electron.binary, args, { env, stderr: err });
  if (result.error) {
    err.write(
      `Electron could not be started (${electron.binary}): ${result.error}\nMeanwhile the same app runs in your browser: \`npm run web\`.\n`,
    );
    return 1;
  }
  if (result.sandboxFailure && (result.code !== 0 || result.signal)) {
    err.write(
      sandboxFailureAdvice({ failure: result.sandboxFailure, binary: electron.binary, restricted: restricted() }),
    );
    return 1;
  }
  return result.code ?? (result.signal ? 1 : 0);
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  // `npm start -- --ozone-platform=x11` and other Electron/Chromium switches go to Electron.
  start({ args: [...process.argv.slice(2), root] }).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`npm start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
