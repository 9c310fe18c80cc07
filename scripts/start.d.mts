/** Types for start.mjs (imported by its tests). */
import type { EnsureElectronOptions, ProgressOut } from './electron-install.mjs';
export function start(options?: {
  electronDir?: string;
  env?: NodeJS.ProcessEnv;
  build?: () => Promise<number>;
  args?: string[];
  out?: ProgressOut;
  err?: { write(text: string | Buffer): unknown };
  install?: Omit<EnsureElectronOptions, 'electronDir' | 'env' | 'out'>;
  restricted?: () => boolean | null;
}): Promise<number>;
