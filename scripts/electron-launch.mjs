/**
 * Starts the Electron binary for `npm start` and, when Chromium aborts because it can't start its sandbox,
 * says why and what to do in plain words.
 *
 * On Ubuntu 23.10+ and 24.04 (kernel.apparmor_restrict_unprivileged_userns=1) an unprivileged process may
 * only use user namespaces under an AppArmor profile that allows them. The Electron binary in node_modules
 * (and the AppImage) has none, so Chromium's namespace sandbox fails, it falls back to the setuid helper
 * chrome-sandbox, which npm installed without the setuid bit, and it aborts (electron/electron#41066,
 * #42510). Chromium's own words, matched here:
 *   sandbox/linux/suid/client/setuid_sandbox_host.cc: "The SUID sandbox helper binary was found, but is not
 *     configured correctly. Rather than run without sandboxing I'm aborting now. You need to make sure that
 *     <path>/chrome-sandbox is owned by root and has mode 4755."
 *   content/browser/zygote_host/zygote_host_impl_linux.cc: "No usable sandbox! If you are running on
 *     Ubuntu 23.10+ or another Linux distro that has disabled unprivileged user namespaces with AppArmor,
 *     see …/docs/security/apparmor-userns-restrictions.md. …"
 * The fixes offered are the ones that keep the sandbox (Chromium's apparmor-userns-restrictions.md): an
 * AppArmor profile for this one binary, or the setuid helper. Never --no-sandbox.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SUID_MESSAGE = /The SUID sandbox helper binary was found, but is not configured correctly/;
const SUID_HELPER = /You need to make sure that (.+?) is owned by root and has mode 4755/;
const NO_USABLE_SANDBOX = /No usable sandbox!/;
/** Enough of stderr to hold Chromium's FATAL line across chunk boundaries. */
const SCAN_WINDOW = 8 * 1024;

/**
 * @param {string} text what Electron printed on stderr
 * @returns {{ kind: 'suid' | 'no-usable-sandbox', helper: string | null } | null}
 */
export function detectSandboxFailure(text) {
  if (SUID_MESSAGE.test(text)) {
    const helper = SUID_HELPER.exec(text)?.[1]?.trim() ?? null;
    return { kind: 'suid', helper };
  }
  if (NO_USABLE_SANDBOX.test(text)) return { kind: 'no-usable-sandbox', helper: null };
  return null;
}

/**
 * true when AppArmor restricts unprivileged user namespaces here (Ubuntu 23.10+), false when it doesn't,
 * null when the kernel has no such switch.
 */
export function appArmorRestrictsUserNamespaces(read = (file) => readFileSync(file, 'utf8')) {
  try {
    return read('/proc/sys/kernel/apparmor_restrict_unprivileged_userns').trim() === '1';
  } catch {
    return null;
  }
}

/** A name for an AppArmor profile: letters, digits and dashes. */
export const DEV_PROFILE_NAME = 'market-desk-electron-dev';

/**
 * What to tell the user after a sandbox abort.
 *
 * @param {{ failure: { kind: string, helper: string | null }, binary: string, restricted: boolean | null,
 *   helperExists?: (file: string) => boolean }} input
 */
export function sandboxFailureAdvice({ failure, binary, restricted, helperExists = existsSync }) {
  const helper = failure.helper ?? path.join(path.dirname(binary), 'chrome-sandbox');
  const profileFile = `/etc/apparmor.d/${DEV_PROFILE_NAME}`;
  // One line, so it survives being copied with its indentation (a heredoc's end marker would not).
  const profile = `abi <abi/4.0>,\\ninclude <tunables/global>\\nprofile ${DEV_PROFILE_NAME} "%s" flags=(unconfined) {\\n  userns,\\n}\\n`;
  const profileFix = [
    'Give this Electron binary an AppArmor profile that allows user namespaces (recommended):',
    `    printf '${profile}' "${binary}" | sudo tee ${profileFile}`,
    `    sudo apparmor_parser -r ${profileFile}`,
  ];
  const suidFix = [
    `Make Electron's sandbox helper setuid root, as Chromium's message asks:`,
    `    sudo chown root:root "${helper}" && sudo chmod 4755 "${helper}"`,
  ];
  const fixes = [];
  if (restricted !== false) fixes.push(profileFix);
  if (helperExists(helper)) fixes.push(suidFix);
  const cause =
    restricted === true
      ? 'This Linux restricts unprivileged user namespaces with AppArmor (kernel.apparmor_restrict_unprivileged_userns = 1, ' +
        'the default since Ubuntu 23.10 and 24.04), and the development copy of Electron in node_modules has no AppArmor ' +
        'profile that allows them.'
      : restricted === false
        ? 'User namespaces are not available to this user here, and the sandbox helper chrome-sandbox is not setuid root.'
        : 'Chromium found neither working user namespaces (on Ubuntu 23.10+ AppArmor restricts them) nor a setuid-root ' +
          'sandbox helper.';
  const lines = [
    '',
    "Market Desk's window did not open: Electron stopped at start because it could not turn on its security sandbox.",
    cause,
    fixes.length > 1 ? 'Fix it once, with either of these (each needs sudo):' : 'Fix it once (this needs sudo):',
  ];
  fixes.forEach((fix, index) => {
    lines.push(`  ${index + 1}. ${fix[0]}`, ...fix.slice(1).map((line) => `  ${line}`));
  });
  lines.push(
    'Then run `npm start` again. Reinstalling node_modules/electron undoes the fix. Do not use --no-sandbox: the sandbox ' +
      'keeps web content away from your files.',
    'Installed copies: the .deb package sets this up by itself; for the AppImage, see "Troubleshooting" in README.md.',
    'Meanwhile the same app runs in your browser: `npm run web`.',
    '',
  );
  return lines.join('\n');
}

/**
 * Runs Electron with stdout inherited and stderr passed through while it is read for Chromium's sandbox abort.
 * Ctrl+C and SIGTERM are passed on to Electron.
 *
 * @param {string} binary
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, stderr?: { write(chunk: Buffer | string): unknown }, forwardSignals?: boolean }} [options]
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null, error: string | null,
 *   sandboxFailure: { kind: 'suid' | 'no-usable-sandbox', helper: string | null } | null }>}
 */
export function launchElectron(
  binary,
  args,
  { env = process.env, stderr = process.stderr, forwardSignals = true } = {},
) {
  return new Promise((resolve) => {
    const child = spawn(binary, args, { stdio: ['inherit', 'inherit', 'pipe'], env });
    let window = '';
    let sandboxFailure = null;
    child.stderr.on('data', (chunk) => {
      stderr.write(chunk);
      window = (window + chunk.toString('utf8')).slice(-SCAN_WINDOW);
      sandboxFailure ??= detectSandboxFailure(window);
    });
    const forward = (signal) => child.kill(signal);
    const signals = forwardSignals ? ['SIGINT', 'SIGTERM'] : [];
    for (const signal of signals) process.on(signal, forward);
    let settled = false;
    const done = (result) => {
      if (settled) return;
      settled = true;
      for (const signal of signals) process.off(signal, forward);
      resolve({ sandboxFailure, error: null, ...result });
    };
    child.on('error', (error) => done({ code: null, signal: null, error: error.message }));
    child.on('close', (code, signal) => done({ code, signal }));
  });
}
