/**
 * The Electron scan's verdict: unjustified HIGH/MEDIUM findings fail, justified ones (same line or the line
 * above, with a reason) pass, and a suppression without a reason fails by itself. One real Electronegativity
 * run over a small bad fixture proves the findings reach the verdict.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateScan, parseSuppressions, runScan, type ScanIssue } from './scan-electron.mjs';

const issue = (over: Partial<ScanIssue> = {}): ScanIssue => ({
  id: 'OPEN_EXTERNAL_JS_CHECK',
  file: 'electron/main/a.ts',
  line: 10,
  severity: 'MEDIUM',
  confidence: 'TENTATIVE',
  constructorName: 'OpenExternalJSCheck',
  ...over,
});

describe('parseSuppressions', () => {
  it('reads ids and the reason after a dash, colon or em dash', () => {
    const text = [
      'const a = 1;',
      '  // eng-disable OPEN_EXTERNAL_JS_CHECK — https only, checked by isSafeExternalUrl',
      '/* eng-disable CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK: built in window.ts and unit-tested */',
      'x(); // eng-disable AUXCLICK_JS_CHECK',
      '// eng-disable because I said so',
    ].join('\n');
    expect(parseSuppressions(text, 'f.ts')).toEqual([
      { file: 'f.ts', line: 2, ids: ['OPEN_EXTERNAL_JS_CHECK'], reason: 'https only, checked by isSafeExternalUrl' },
      {
        file: 'f.ts',
        line: 3,
        ids: ['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK'],
        reason: 'built in window.ts and unit-tested',
      },
      { file: 'f.ts', line: 4, ids: ['AUXCLICK_JS_CHECK'], reason: '' },
      { file: 'f.ts', line: 5, ids: [], reason: 'because I said so' },
    ]);
  });
});

describe('evaluateScan', () => {
  const justification = {
    file: 'electron/main/a.ts',
    line: 9,
    ids: ['OPEN_EXTERNAL_JS_CHECK'],
    reason: 'https only, checked above',
  };

  it('fails on an unjustified HIGH or MEDIUM finding, not on LOW or INFORMATIONAL ones', () => {
    const verdict = evaluateScan({
      issues: [issue(), issue({ severity: 'LOW', line: 30 }), issue({ severity: 'INFORMATIONAL', line: 40 })],
      suppressions: [],
    });
    expect(verdict.ok).toBe(false);
    expect(verdict.blocking).toHaveLength(1);
    expect(verdict.notes).toHaveLength(2);
  });

  it('passes a finding justified on its line or the line above, by id or class name', () => {
    for (const by of [
      justification,
      { ...justification, line: 10 },
      { ...justification, ids: ['OPENEXTERNALJSCHECK'] },
    ]) {
      const verdict = evaluateScan({ issues: [issue()], suppressions: [by] });
      expect(verdict.ok, JSON.stringify(by)).toBe(true);
      expect(verdict.justified).toHaveLength(1);
    }
  });

  it('a justification elsewhere, for another check or without a reason does not count', () => {
    for (const by of [
      { ...justification, line: 7 },
      { ...justification, file: 'electron/main/b.ts' },
      { ...justification, ids: ['SANDBOX_JS_CHECK'] },
      { ...justification, reason: 'ok' },
    ])
      expect(evaluateScan({ issues: [issue()], suppressions: [by] }).blocking, JSON.stringify(by)).toHaveLength(1);
  });

  it('a global finding is justified by a comment naming it anywhere', () => {
    const global = issue({ id: 'CSP_GLOBAL_CHECK', file: 'N/A', line: 0, constructorName: undefined });
    expect(evaluateScan({ issues: [global], suppressions: [] }).ok).toBe(false);
    expect(
      evaluateScan({
        issues: [global],
        suppressions: [
          {
            file: 'x.ts',
            line: 40,
            ids: ['CSP_GLOBAL_CHECK'],
            reason: 'sent as a response header by the protocol handler',
          },
        ],
      }).ok,
    ).toBe(true);
  });

  it('fails on a suppression without a reason or id, a file-wide one, and a file it could not parse', () => {
    const bad = (s: { line: number; ids: string[]; reason: string }) =>
      evaluateScan({ issues: [], suppressions: [{ file: 'f.ts', ...s }] }).badSuppressions;
    expect(bad({ line: 5, ids: ['AUXCLICK_JS_CHECK'], reason: '' })).toHaveLength(1);
    expect(bad({ line: 5, ids: [], reason: 'a long enough reason here' })).toHaveLength(1);
    expect(bad({ line: 1, ids: ['AUXCLICK_JS_CHECK'], reason: 'a long enough reason here' })).toHaveLength(1);
    expect(bad({ line: 5, ids: ['AUXCLICK_JS_CHECK'], reason: 'a long enough reason here' })).toHaveLength(0);
    const verdict = evaluateScan({
      issues: [],
      suppressions: [],
      errors: [{ file: 'f.ts', message: 'Unexpected token', tolerable: false }],
    });
    expect(verdict.ok).toBe(false);
    expect(verdict.parseErrors).toHaveLength(1);
  });
});

describe('Electronegativity on a bad fixture', () => {
  const dir = path.resolve(import.meta.dirname, '..', '.cache', 'test-scan');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds an insecure window and an unchecked openExternal; the justified one passes', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'main.ts'),
      [
        "import { BrowserWindow, shell } from 'electron';",
        'export function open(url: string): void {',
        '  const w = new BrowserWindow({ webPreferences: { contextIsolation: false, sandbox: false, nodeIntegration: true } });',
        '  void w;',
        '  // eng-disable OPEN_EXTERNAL_JS_CHECK — the fixture says why, at length',
        '  void shell.openExternal(url);',
        '  void shell.openExternal(url);',
        '}',
        '',
      ].join('\n'),
    );
    const report = await runScan({ input: path.relative(path.resolve(import.meta.dirname, '..'), dir) });
    const blocking = report.blocking.map((i) => `${i.id}:${i.line}`);
    expect(blocking).toEqual(
      expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK:3', 'SANDBOX_JS_CHECK:3', 'OPEN_EXTERNAL_JS_CHECK:7']),
    );
    expect(blocking).not.toContain('OPEN_EXTERNAL_JS_CHECK:6');
    expect(report.justified.map((j) => `${j.issue.id}:${j.issue.line}`)).toEqual(['OPEN_EXTERNAL_JS_CHECK:6']);
    expect(report.ok).toBe(false);
  });
});
