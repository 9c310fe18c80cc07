/** Types for build.mjs (imported by tests). */
export function buildMain(outfile?: string): Promise<unknown>;
export function buildPreload(outfile?: string): Promise<unknown>;
export function buildAll(options?: { renderer?: boolean }): Promise<number>;
