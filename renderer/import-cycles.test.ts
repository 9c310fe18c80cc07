/**
 * No import cycles in the page's code (renderer/, and shared/ which it imports): every relative import of
 * every .ts/.tsx file, `import type` included (a type-only cycle still ties two modules' ideas together),
 * resolved the way the bundler does (x, x.ts, x.tsx, x/index.ts, x/index.tsx), then Tarjan's strongly
 * connected components. A failure lists each cycle's files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['renderer', 'shared'];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && !e.name.startsWith('.')) sourceFiles(p, out);
    } else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Relative specifiers of import / export-from / import() / side-effect imports, comments left out. */
export function relativeImports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const re =
    /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s*)?['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  return [...code.matchAll(re)].map((m) => (m[1] ?? m[2]) as string);
}

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(c) && existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

/** Strongly connected components with more than one file, or a file importing itself. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || graph.get(v)?.includes(v)) found.push(scc.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import cycles', () => {
  it('finds the relative imports of a file, type-only and dynamic ones too', () => {
    const src = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      'import {',
      '  c,',
      "} from './c/index';",
      "export { d } from './d';",
      "export * from './e';",
      "import './f.css';",
      "const g = await import('./g');",
      "import React from 'react';",
      "/** import { h } from './h'; */",
      "// import { i } from './i';",
    ].join('\n');
    expect(relativeImports(src)).toEqual(['./a', '../b', './c/index', './d', './e', './f.css', './g']);
  });

  it('finds a cycle, however long', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it(`none in ${ROOTS.join('/ or ')}/`, () => {
    const graph = new Map<string, string[]>();
    for (const root of ROOTS) {
      for (const file of sourceFiles(path.join(ROOT, root))) {
        const targets = relativeImports(readFileSync(file, 'utf8'))
          .map((spec) => resolve(file, spec))
          .filter((t): t is string => t !== null);
        graph.set(file, [...new Set(targets)]);
      }
    }
    expect(graph.size).toBeGreaterThan(100);
    const found = cycles(graph).map((c) => c.map((f) => path.relative(ROOT, f)));
    expect(found, `import cycles:\n${found.map((c) => `  ${c.join(' <-> ')}`).join('\n')}`).toEqual([]);
  });
});
