/**
 * package-lock.json's root entry mirrors package.json. npm rewrites that entry from package.json at every
 * install, so when they differ a fresh clone's `npm install` leaves a modified lock file behind.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

describe('package-lock.json', () => {
  const pkg = readJson('package.json');
  const lock = readJson('package-lock.json');
  const lockRoot = ((lock.packages as Record<string, Record<string, unknown>> | undefined) ?? {})[''] ?? {};

  it('records the same engines, name and version as package.json', () => {
    expect(lockRoot.engines).toEqual(pkg.engines);
    expect({ name: lockRoot.name, version: lockRoot.version }).toEqual({ name: pkg.name, version: pkg.version });
    expect(lock.name).toBe(pkg.name);
  });

  it('records the same dependencies and dev dependencies as package.json', () => {
    expect(lockRoot.dependencies ?? {}).toEqual(pkg.dependencies ?? {});
    expect(lockRoot.devDependencies ?? {}).toEqual(pkg.devDependencies ?? {});
  });

  it('.nvmrc names a Node that package.json engines accept', () => {
    const nvmrc = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
    const floor = /^>=(\d+)\.(\d+)$/.exec(String((pkg.engines as { node?: string } | undefined)?.node ?? ''));
    expect(floor, 'engines.node is a plain ">=MAJOR.MINOR" floor').not.toBeNull();
    const [major = 0, minor = 0] = nvmrc.split('.').map(Number);
    expect(major > Number(floor![1]) || (major === Number(floor![1]) && minor >= Number(floor![2]))).toBe(true);
  });
});
