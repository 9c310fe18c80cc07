/** Types for electron-binary.mjs (imported by the Electron e2e spec). */
export function findElectronBinary(): string | null;
export const MISSING_ELECTRON_MESSAGE: string;
