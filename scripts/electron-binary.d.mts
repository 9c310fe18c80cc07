/** Types for electron-binary.mjs (imported by the Electron e2e spec and the start tests). */
export const ELECTRON_PACKAGE_DIR: string;
export const DEFAULT_ELECTRON_MIRROR: string;
export function findElectronBinary(electronDir?: string, env?: NodeJS.ProcessEnv): string | null;
export function electronVersion(electronDir?: string): string;
export function electronMirror(env?: NodeJS.ProcessEnv): string;
export function electronCacheDir(env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform, home?: string): string;
