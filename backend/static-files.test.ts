/** The static file server serves only files whose real path is inside the real root: no symlinks out. */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from './static-files';

let tmp: string;
let root: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'market-desk-static-'));
  root = path.join(tmp, 'renderer');
  const outside = path.join(tmp, 'outside');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(outside, 'secret.txt'), 'TOP SECRET');
  writeFileSync(path.join(outside, 'other.js'), 'stolen()');
  symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'leak.txt'));
  symlinkSync(outside, path.join(root, 'assets', 'linked'));
  symlinkSync('../../outside/other.js', path.join(root, 'assets', 'relative.js'));
  // A link that stays inside is fine.
  symlinkSync(path.join(root, 'assets', 'app.js'), path.join(root, 'alias.js'));
  // The root itself reached through a symlink (e.g. a linked build folder) still works.
  symlinkSync(root, path.join(tmp, 'linked-root'));
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function get(dir: string, pathname: string): Promise<{ status: number; text: string }> {
  const res = await createStaticHandler({ root: dir })(new Request(`app://market-desk${pathname}`));
  return { status: res.status, text: await res.text() };
}

describe('static files and symlinks', () => {
  it.each(['/leak.txt', '/assets/linked/secret.txt', '/assets/linked/other.js', '/assets/relative.js'])(
    '%s points outside the root: 404, the file is not read',
    async (pathname) => {
      const r = await get(root, pathname);
      expect(r.status).toBe(404);
      expect(r.text).not.toMatch(/TOP SECRET|stolen/);
    },
  );

  it('when index.html itself leads out, neither / nor an app route serves it', async () => {
    const dir = path.join(tmp, 'bad-index');
    mkdirSync(dir);
    symlinkSync(path.join(tmp, 'outside', 'secret.txt'), path.join(dir, 'index.html'));
    expect((await get(dir, '/settings')).status).toBe(404);
    expect((await get(dir, '/')).status).toBe(404);
  });

  it('serves plain files, links that stay inside, and a root reached through a link', async () => {
    expect(await get(root, '/assets/app.js')).toEqual({ status: 200, text: 'console.log(1)' });
    expect(await get(root, '/alias.js')).toEqual({ status: 200, text: 'console.log(1)' });
    expect((await get(root, '/settings/connection')).text).toContain('<title>app</title>');
    const linked = path.join(tmp, 'linked-root');
    expect(await get(linked, '/assets/app.js')).toEqual({ status: 200, text: 'console.log(1)' });
    expect((await get(linked, '/leak.txt')).status).toBe(404);
  });
});
