/** The code-size measure: what it counts as a function and its lines, and which files it reads. */
import { describe, expect, it } from 'vitest';
import { functionsIn, measure, openingCommentLines, sourceFiles } from './code-size.mjs';

describe('code-size', () => {
  it('counts every function form with its first and last line, named by what holds it', () => {
    const text = [
      'export function a() {', // 1
      '  const b = () => {', // 2
      '    return 1;', // 3
      '  };', // 4
      '  return b;', // 5
      '}', // 6
      'const obj = { c: function () { return 2; } };', // 7
      'class K {', // 8
      '  m() {', // 9
      '    return 3;', // 10
      '  }', // 11
      '}', // 12
      'export const W = memo(function Inner() {', // 13
      '  return null;', // 14
      '});', // 15
    ].join('\n');
    const found = functionsIn('x.ts', text).map((f) => [f.name, f.line, f.lines]);
    expect(found).toEqual([
      ['a', 1, 6],
      ['b', 2, 3],
      ['c', 7, 1],
      ['m', 9, 3],
      ['Inner', 13, 3],
    ]);
  });

  it("reads the app's sources and leaves tests, fakes and type stubs out", () => {
    const files = sourceFiles();
    expect(files).toContain('renderer/features/prices/GridScreen.tsx');
    expect(files.some((f) => /\.test\.tsx?$|\/testing\/|\.d\.mts$/.test(f))).toBe(false);
    const m = measure();
    expect(m.functions[0]!.lines).toBeGreaterThanOrEqual(m.functions.at(-1)!.lines);
  });

  it("counts a file's opening comment: a block or a run of line comments, after a shebang, up to a blank line", () => {
    expect(openingCommentLines('/**\n * one\n * two\n */\nexport const a = 1;\n')).toBe(4);
    expect(openingCommentLines('#!/usr/bin/env node\n// one\n// two\n\n// later\nconst a = 1;\n')).toBe(2);
    expect(openingCommentLines('const a = 1; // trailing\n')).toBe(0);
  });

  it('leaves scripts out: the limits are for the app', () => {
    expect(sourceFiles().some((f) => f.startsWith('scripts/'))).toBe(false);
  });
});
