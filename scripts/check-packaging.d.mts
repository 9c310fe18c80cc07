/** Types for check-packaging.mjs (imported by its test). */
export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}
export type FuseName =
  | 'runAsNode'
  | 'enableCookieEncryption'
  | 'enableNodeOptionsEnvironmentVariable'
  | 'enableNodeCliInspectArguments'
  | 'enableEmbeddedAsarIntegrityValidation'
  | 'onlyLoadAppFromAsar'
  | 'loadBrowserProcessSpecificV8Snapshot'
  | 'grantFileProtocolExtraPrivileges';
export const EXPECTED_FUSES: Readonly<Record<FuseName, boolean>>;
export const FUSE_WIRE_INDEX: Readonly<Record<FuseName, number>>;
export function placeholderBinary(): Buffer;
export function readFuseWire(
  binary: Buffer,
): { version: number; states: Record<FuseName, boolean | 'removed' | undefined> } | null;
export function checkFuses(fuses: Partial<Record<string, unknown>> | null | undefined, source: string): CheckResult[];
export function listAsarFiles(archive: string): string[];
export function readAsarText(archive: string, file: string): string;
export function checkAsarContents(input: {
  files: string[];
  readText: (file: string) => string;
  rootPackage: { name?: string; version?: string; devDependencies?: Record<string, string> };
  serviceDataFiles: string[];
}): CheckResult[];
export function checkConfig(config: Record<string, unknown>): CheckResult[];
export function electronBuilderDebDefaults(): { depends: string[]; recommends: string[] };
export function checkLinuxAndSigning(
  config: Record<string, unknown>,
  defaults?: { depends: string[]; recommends: string[] },
): CheckResult[];
export function runPackagingCheck(options?: {
  configFile?: string;
  skipBuild?: boolean;
  keep?: boolean;
  log?: (line: string) => void;
}): Promise<{ results: CheckResult[]; ms: number }>;
