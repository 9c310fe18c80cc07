/**
 * The README stays a newcomer's page (250 lines at most) and every doc it leads to is there: each relative
 * link in README.md and docs/*.md names a file that exists, each #anchor a heading of its target, and each
 * page under docs/ is linked from the README.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorsOf, brokenLink, relativeLinksOf, slugOf } from './doc-links';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README_MAX_LINES = 250;

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');
const docs = (): string[] =>
  readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);

describe('README.md', () => {
  it(`has at most ${README_MAX_LINES} lines`, () => {
    const lines = read('README.md').replace(/\n$/, '').split('\n').length;
    expect(lines, `README.md has ${lines} lines`).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('links every page under docs/', () => {
    const linked = new Set(relativeLinksOf(read('README.md')).map((l) => path.normalize(l.target.split('#')[0] ?? '')));
    expect(docs().filter((d) => !linked.has(path.normalize(d)))).toEqual([]);
  });
});

describe('relative links in README.md and docs/*.md', () => {
  for (const file of ['README.md', ...docs()]) {
    it(`${file}: every link leads to a file and heading that exist`, () => {
      const broken = relativeLinksOf(read(file))
        .map((link) => brokenLink(ROOT, file, link))
        .filter((problem) => problem !== null);
      expect(broken).toEqual([]);
    });
  }
});

describe('the link checker', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'doc-links-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    path.join(dir, 'a.md'),
    '# Title\n\n## Fees: as `traders` pay them\n\n## Fees: as traders pay them\n\n```\n# not a heading\n```\n',
  );

  it('makes anchors as GitHub does, repeats numbered, code fences skipped', () => {
    expect(slugOf('Discovery costs (npm run bench:discovery)')).toBe('discovery-costs-npm-run-benchdiscovery');
    expect([...anchorsOf(readFileSync(path.join(dir, 'a.md'), 'utf8'))]).toEqual([
      'title',
      'fees-as-traders-pay-them',
      'fees-as-traders-pay-them-1',
    ]);
  });

  it('finds relative links and images outside code, and leaves web addresses alone', () => {
    const text =
      'See [a](a.md#title), ![shot](pic.png "t") and [web](https://example.com).\n`[not](code.md)`\n```\n[no](fence.md)\n```\n';
    expect(relativeLinksOf(text)).toEqual([
      { line: 1, target: 'a.md#title' },
      { line: 1, target: 'pic.png' },
    ]);
  });

  it('names a missing file and a missing heading, and passes good links', () => {
    const at = (target: string) => brokenLink(dir, 'b.md', { line: 3, target });
    expect(at('a.md')).toBeNull();
    expect(at('a.md#fees-as-traders-pay-them-1')).toBeNull();
    expect(at('missing.md')).toBe('b.md:3 (missing.md): no such file');
    expect(at('a.md#fees')).toBe('b.md:3 (a.md#fees): no heading "#fees" there');
  });
});
