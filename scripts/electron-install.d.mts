/** Types for electron-install.mjs (imported by its tests). */
export interface ProgressOut {
  write(text: string): unknown;
  isTTY?: boolean;
}
export interface EnsureElectronOptions {
  electronDir?: string;
  env?: NodeJS.ProcessEnv;
  out?: ProgressOut;
  pollMs?: number;
  reportEveryMs?: number;
  timeoutMs?: number;
}
export type EnsureElectronResult = { ok: true; binary: string; installed: boolean } | { ok: false; message: string };
export function formatBytes(bytes: number): string;
export function explainInstallFailure(
  output: string,
  context: { version: string; mirror: string; cacheDir: string; exitCode: number | null; timedOut?: boolean },
): string;
export function ensureElectron(options?: EnsureElectronOptions): Promise<EnsureElectronResult>;
