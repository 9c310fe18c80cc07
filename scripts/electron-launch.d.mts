/** Types for electron-launch.mjs (imported by its tests). */
export interface SandboxFailure {
  kind: 'suid' | 'no-usable-sandbox';
  helper: string | null;
}
export const DEV_PROFILE_NAME: string;
export function detectSandboxFailure(text: string): SandboxFailure | null;
export function appArmorRestrictsUserNamespaces(read?: (file: string) => string): boolean | null;
export function sandboxFailureAdvice(input: {
  failure: SandboxFailure;
  binary: string;
  restricted: boolean | null;
  helperExists?: (file: string) => boolean;
}): string;
export function launchElectron(
  binary: string,
  args: string[],
  options?: { env?: NodeJS.ProcessEnv; stderr?: { write(chunk: Buffer | string): unknown }; forwardSignals?: boolean },
): Promise<{
  code: number | null;
  signal: NodeJS.Signals | null;
  error: string | null;
  sandboxFailure: SandboxFailure | null;
}>;
