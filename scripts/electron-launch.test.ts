/**
 * `npm start` on Ubuntu 23.10+ / 24.04: Chromium aborts when AppArmor keeps it from its sandbox, and start
 * must say so in plain words. The stand-in Electron here prints Chromium's real FATAL lines (as users report
 * them: electron/electron#42510, #41066; text from sandbox/linux/suid/client/setuid_sandbox_host.cc and
 * content/browser/zygote_host/zygote_host_impl_linux.cc) and dies of SIGTRAP as Chromium's CHECK does.
 */
import { chmodSync, copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ELECTRON_PACKAGE_DIR, electronVersion } from './electron-binary.mjs';
import {
  appArmorRestrictsUserNamespaces,
  detectSandboxFailure,
  launchElectron,
  sandboxFailureAdvice,
} from './electron-launch.mjs';
import { start } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = path.join(root, '.cache', 'test-electron-launch');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SUID_LINE = (helper: string) =>
  `[77996:0908/150845.938417:FATAL:sandbox/linux/suid/client/setuid_sandbox_host.cc:166] The SUID sandbox helper binary was found, ` +
  `but is not configured correctly. Rather than run without sandboxing I'm aborting now. You need to make sure that ${helper} ` +
  'is owned by root and has mode 4755.';
const NO_SANDBOX_LINE =
  '[245491:245491:1005/181826.958962:FATAL:content/browser/zygote_host/zygote_host_impl_linux.cc:129] No usable sandbox! If you ' +
  'are running on Ubuntu 23.10+ or another Linux distro that has disabled unprivileged user namespaces with AppArmor, see ' +
  'https://chromium.googlesource.com/chromium/src/+/main/docs/security/apparmor-userns-restrictions.md. Otherwise see ' +
  'https://chromium.googlesource.com/chromium/src/+/main/docs/linux/suid_sandbox_development.md for more information on ' +
  'developing with the (older) SUID sandbox. If you want to live dangerously and need an immediate workaround, you can try ' +
  'using --no-sandbox.';

let counter = 0;
/** node_modules/electron with an installed stand-in binary running `script`, plus chrome-sandbox next to it. */
function installedElectron(script: string): { electronDir: string; binary: string; helper: string } {
  counter += 1;
  const electronDir = path.join(work, `checkout ${counter}`, 'node_modules', 'electron'); // a space, as home folders may have
  const dist = path.join(electronDir, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(electronDir, 'path.txt'), 'electron');
  // An installed Electron of the version package.json asks for (else start would fetch it first).
  copyFileSync(path.join(ELECTRON_PACKAGE_DIR, 'package.json'), path.join(electronDir, 'package.json'));
  writeFileSync(path.join(dist, 'version'), electronVersion(electronDir));
  const binary = path.join(dist, 'electron');
  writeFileSync(binary, `#!/bin/sh\n${script}\n`);
  chmodSync(binary, 0o755);
  const helper = path.join(dist, 'chrome-sandbox');
  writeFileSync(helper, '');
  return { electronDir, binary, helper };
}

function recorder(): { out: { write(text: string | Buffer): boolean }; text(): string } {
  let text = '';
  return { out: { write: (chunk: string | Buffer) => ((text += chunk.toString()), true) }, text: () => text };
}

const noBuild = async () => 0;

describe('Chromium sandbox abort', () => {
  it("is recognised in Chromium's own words, with the helper path; other output is not", () => {
    expect(
      detectSandboxFailure(
        `some noise\n${SUID_LINE('/home/me/app/node_modules/electron/dist/chrome-sandbox')}\nTrace/breakpoint trap (core dumped)\n`,
      ),
    ).toEqual({
      kind: 'suid',
      helper: '/home/me/app/node_modules/electron/dist/chrome-sandbox',
    });
    // The older log prefix (file name and line only) is the same message.
    expect(
      detectSandboxFailure(
        SUID_LINE('/tmp/.mount_MarketXy/chrome-sandbox').replace(
          'sandbox/linux/suid/client/setuid_sandbox_host.cc:166]',
          'setuid_sandbox_host.cc(158)]',
        ),
      ),
    ).toMatchObject({
      kind: 'suid',
      helper: '/tmp/.mount_MarketXy/chrome-sandbox',
    });
    expect(detectSandboxFailure(NO_SANDBOX_LINE)).toEqual({ kind: 'no-usable-sandbox', helper: null });
    expect(
      detectSandboxFailure('[1:2:ERROR:gpu_init.cc(1)] Passthrough is not supported, GL is disabled\nsegfault'),
    ).toBeNull();
    expect(detectSandboxFailure('')).toBeNull();
  });

  it('reads the AppArmor switch from /proc, and copes with kernels that have none', () => {
    expect(appArmorRestrictsUserNamespaces(() => '1\n')).toBe(true);
    expect(appArmorRestrictsUserNamespaces(() => '0\n')).toBe(false);
    expect(
      appArmorRestrictsUserNamespaces(() => {
        throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      }),
    ).toBeNull();
  });

  it('launchElectron passes stderr through and reports the abort (SIGTRAP)', async () => {
    const { binary, helper } = installedElectron(
      `echo "${SUID_LINE('$(dirname "$0")/chrome-sandbox')}" >&2\nkill -TRAP $$`,
    );
    const stderr = recorder();
    const result = await launchElectron(binary, [], { stderr: stderr.out, forwardSignals: false });
    expect(result).toMatchObject({
      code: null,
      signal: 'SIGTRAP',
      error: null,
      sandboxFailure: { kind: 'suid', helper },
    });
    expect(stderr.text()).toContain('The SUID sandbox helper binary was found');
  });

  it('npm start explains it in plain words with the exact commands for this checkout, and exits 1', async () => {
    const { electronDir, binary, helper } = installedElectron(
      `echo "${SUID_LINE('$(dirname "$0")/chrome-sandbox')}" >&2\nkill -TRAP $$`,
    );
    const err = recorder();
    const code = await start({
      electronDir,
      build: noBuild,
      args: [],
      out: recorder().out,
      err: err.out,
      restricted: () => true,
    });
    expect(code).toBe(1);
    const advice = err.text();
    expect(advice).toContain('could not turn on its security sandbox');
    expect(advice).toContain('kernel.apparmor_restrict_unprivileged_userns = 1');
    // 1: an AppArmor profile for exactly this binary; 2: the setuid helper Chromium names.
    expect(advice).toContain(
      `printf 'abi <abi/4.0>,\\ninclude <tunables/global>\\nprofile market-desk-electron-dev "%s" flags=(unconfined) {\\n  userns,\\n}\\n' "${binary}" | sudo tee /etc/apparmor.d/market-desk-electron-dev`,
    );
    expect(advice).toContain('sudo apparmor_parser -r /etc/apparmor.d/market-desk-electron-dev');
    expect(advice).toContain(`sudo chown root:root "${helper}" && sudo chmod 4755 "${helper}"`);
    expect(advice).toContain('npm run web');
    // --no-sandbox is named only to warn against it.
    expect(advice.match(/--no-sandbox/g)).toEqual(['--no-sandbox']);
    expect(advice).toContain('Do not use --no-sandbox');
  });

  it("the printed profile is a valid one-line shell command that writes the profile electron-builder's deb template uses", async () => {
    const { execFileSync } = await import('node:child_process');
    const binary = '/home/me/my apps/market-desk/node_modules/electron/dist/electron';
    const advice = sandboxFailureAdvice({
      failure: { kind: 'no-usable-sandbox', helper: null },
      binary,
      restricted: true,
      helperExists: () => false,
    });
    const command = /printf .* \| sudo tee/.exec(advice)![0].replace(/ \| sudo tee$/, '');
    expect(execFileSync('sh', ['-c', command], { encoding: 'utf8' })).toBe(
      `abi <abi/4.0>,\ninclude <tunables/global>\nprofile market-desk-electron-dev "${binary}" flags=(unconfined) {\n  userns,\n}\n`,
    );
    // No helper: only the profile is offered.
    expect(advice).not.toContain('chmod 4755');
  });

  it('without the AppArmor switch, only the setuid helper is offered', () => {
    const advice = sandboxFailureAdvice({
      failure: { kind: 'suid', helper: '/x/chrome-sandbox' },
      binary: '/x/electron',
      restricted: false,
      helperExists: () => true,
    });
    expect(advice).toContain('sudo chown root:root "/x/chrome-sandbox" && sudo chmod 4755 "/x/chrome-sandbox"');
    expect(advice).not.toContain('apparmor_parser');
  });

  it("any other failure keeps Electron's exit code and adds no sandbox advice", async () => {
    const { electronDir } = installedElectron('echo "[1:ERROR:something.cc(1)] unrelated" >&2\nexit 3');
    const err = recorder();
    const code = await start({
      electronDir,
      build: noBuild,
      args: [],
      out: recorder().out,
      err: err.out,
      restricted: () => true,
    });
    expect(code).toBe(3);
    expect(err.text()).toContain('unrelated');
    expect(err.text()).not.toContain('sandbox');
  });

  it('a clean exit is exit 0', async () => {
    const { electronDir } = installedElectron('exit 0');
    expect(
      await start({
        electronDir,
        build: noBuild,
        args: [],
        out: recorder().out,
        err: recorder().out,
        restricted: () => true,
      }),
    ).toBe(0);
  });
});
