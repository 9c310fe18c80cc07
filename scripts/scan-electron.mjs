#!/usr/bin/env node
/**
 * `npm run scan:electron`: static security scan of the Electron code (electron/: main, preload, common; the
 * host-neutral back end in backend/ has no Electron API to scan)
 * with Doyensec's Electronegativity, failing on any HIGH or MEDIUM finding that is not justified in place.
 *
 * Electronegativity exits 0 whatever it finds, so this runs it through its API and reads the findings.
 *
 * Justifying a finding: Electronegativity's own inline syntax, plus a reason after a dash or colon, on the
 * flagged line or the line above it:
 *
 *     // eng-disable OPEN_EXTERNAL_JS_CHECK — only https URLs get here (isSafeExternalUrl above)
 *
 * A global finding (no file, e.g. CSP_GLOBAL_CHECK when the CSP is set where the scanner can't see it) is
 * justified by such a comment naming it anywhere in the scanned code. A suppression without a reason, or one on
 * a file's first line (which Electronegativity applies to the whole file), fails the scan itself: every
 * exception is explained where it applies.
 *
 * Also fails when a file could not be parsed (its code would go unscanned). Writes the findings as JSON to
 * .cache/scan/electronegativity.json.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SCAN_INPUT = 'electron';
/**
 * AvailableSecurityFixesGlobalCheck downloads Electron's release list from GitHub (and rewrites a file inside
 * node_modules); offline it only prints a warning. Keeping Electron current is the dependency updates' job.
 */
export const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];
export const BLOCKING_SEVERITIES = new Set(['HIGH', 'MEDIUM']);
/** A reason has to say something: at least this many characters after the check ids. */
export const MIN_REASON_LENGTH = 15;

/**
 * `eng-disable` comments in one file's text.
 * @returns {{ file: string, line: number, ids: string[], reason: string }[]}
 */
export function parseSuppressions(text, file) {
  const found = [];
  text.split('\n').forEach((content, index) => {
    const match = /(?:\/\/|\/\*|<!--)[ \t]*eng-disable\b(.*)$/.exec(content);
    if (!match) return;
    let rest = (match[1] ?? '').replace(/\*\/\s*$|-->\s*$/, '').trim();
    const ids = [];
    for (;;) {
      const id = /^([A-Z][A-Z0-9_]*_CHECK|[A-Za-z]+(?:JS|HTML|JSON|Global)Check)\b[\s,]*/.exec(rest);
      if (!id) break;
      ids.push(id[1].toUpperCase());
      rest = rest.slice(id[0].length);
    }
    const reason = rest.replace(/^[—–:\-\s]+/, '').trim();
    found.push({ file, line: index + 1, ids, reason });
  });
  return found;
}

/** Electronegativity names checks by id (OPEN_EXTERNAL_JS_CHECK) or class (OpenExternalJSCheck); compare both. */
function sameCheck(directive, issue) {
  const d = directive.toUpperCase();
  return d === String(issue.id).toUpperCase() || d === String(issue.constructorName ?? '').toUpperCase();
}

const validReason = (s) => s.reason.length >= MIN_REASON_LENGTH;

/**
 * The verdict: which findings block, which are justified, which suppressions are themselves wrong.
 * @param {{ issues: { id: string, file: string, line: number, severity: string, confidence: string,
 *   sample?: string, description?: string, constructorName?: string }[],
 *   suppressions: { file: string, line: number, ids: string[], reason: string }[],
 *   errors?: { file: string, message: string, tolerable: boolean }[] }} input
 */
export function evaluateScan({ issues, suppressions, errors = [] }) {
  const blocking = [];
  const justified = [];
  const notes = [];
  for (const issue of issues) {
    if (!BLOCKING_SEVERITIES.has(issue.severity)) {
      notes.push(issue);
      continue;
    }
    const global = !issue.file || issue.file === 'N/A' || !issue.line;
    const by = suppressions.find(
      (s) =>
        validReason(s) &&
        s.ids.some((id) => sameCheck(id, issue)) &&
        (global || (s.file === issue.file && (s.line === issue.line || s.line === issue.line - 1))),
    );
    if (by) justified.push({ issue, by });
    else blocking.push(issue);
  }
  const badSuppressions = [];
  for (const s of suppressions) {
    if (s.ids.length === 0) badSuppressions.push({ ...s, problem: 'names no check id (e.g. OPEN_EXTERNAL_JS_CHECK)' });
    else if (!validReason(s))
      badSuppressions.push({
        ...s,
        problem: `has no reason (write one after a dash: at least ${MIN_REASON_LENGTH} characters)`,
      });
    else if (s.line === 1)
      badSuppressions.push({
        ...s,
        problem: 'is on the first line, where Electronegativity applies it to the whole file',
      });
  }
  const parseErrors = errors.filter((e) => !e.tolerable);
  return {
    blocking,
    justified,
    notes,
    badSuppressions,
    parseErrors,
    ok: blocking.length === 0 && badSuppressions.length === 0 && parseErrors.length === 0,
  };
}

function electronVersion() {
  return JSON.parse(readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
}

/** Runs Electronegativity over `input` (relative to the repository) and evaluates its findings. */
export async function runScan({ input = SCAN_INPUT } = {}) {
  const started = performance.now();
  const run = require('@doyensec/electronegativity');
  const absolute = path.resolve(root, input);
  const version = electronVersion();
  const result = await run({
    input: absolute,
    excludeFromScan: EXCLUDED_CHECKS,
    // Without it Electronegativity assumes Electron 0.1 and judges every option by that version's defaults.
    electronVersionOverride: version,
    isRelative: false,
  });
  const relative = (file) => (file && file !== 'N/A' ? path.relative(root, file).split(path.sep).join('/') : 'N/A');
  const issues = result.issues.map((i) => ({
    id: i.id,
    file: relative(i.file),
    line: i.location?.line ?? 0,
    column: i.location?.column ?? 0,
    severity: i.severity?.name ?? String(i.severity),
    confidence: i.confidence?.name ?? String(i.confidence),
    sample: i.sample,
    description: i.description,
    constructorName: i.constructorName,
    url: i.shortenedURL,
  }));
  // The scanned files: what Electronegativity's directory loader reads (JS/TS/HTML outside node_modules).
  const { list_files: listFiles } = require('@doyensec/electronegativity/dist/util/file.js');
  const files = ((await listFiles(absolute)) ?? []).filter((f) => /\.(js|jsx|ts|tsx|html|htm)$/.test(f));
  const suppressions = [];
  for (const file of files) suppressions.push(...parseSuppressions(await readFile(file, 'utf8'), relative(file)));
  const errors = result.errors.map((e) => ({
    file: relative(e.file),
    message: e.message,
    tolerable: Boolean(e.tolerable),
  }));
  const verdict = evaluateScan({ issues, suppressions, errors });
  return {
    ...verdict,
    electronVersion: version,
    checks: result.globalChecks + result.atomicChecks,
    files: files.length,
    issues,
    errors,
    ms: Math.round(performance.now() - started),
  };
}

function describe(issue) {
  const where = issue.file === 'N/A' ? '(whole app)' : `${issue.file}:${issue.line}`;
  return `${issue.id} ${issue.severity}/${issue.confidence} ${where}${issue.sample ? `  ${issue.sample.slice(0, 110)}` : ''}`;
}

async function main() {
  const report = await runScan();
  await mkdir(path.join(root, '.cache', 'scan'), { recursive: true });
  await writeFile(path.join(root, '.cache', 'scan', 'electronegativity.json'), JSON.stringify(report, null, 2));
  console.log(
    `Electronegativity: ${report.checks} checks over ${report.files} files in ${SCAN_INPUT}/ (Electron ${report.electronVersion}), ${(report.ms / 1000).toFixed(1)} s`,
  );
  for (const { issue, by } of report.justified)
    console.log(`justified  ${describe(issue)}\n           ↳ ${by.file}:${by.line}: ${by.reason}`);
  for (const issue of report.notes) console.log(`note       ${describe(issue)}`);
  for (const issue of report.blocking)
    console.log(`FINDING    ${describe(issue)}\n           ${issue.description ?? ''} ${issue.url ?? ''}`);
  for (const s of report.badSuppressions) console.log(`BAD SUPPRESSION  ${s.file}:${s.line} ${s.problem}`);
  for (const e of report.parseErrors) console.log(`NOT SCANNED  ${e.file}: ${e.message}`);
  const failures = report.blocking.length + report.badSuppressions.length + report.parseErrors.length;
  console.log(
    `\nelectron scan: ${report.blocking.length} unjustified HIGH/MEDIUM, ${report.justified.length} justified, ${report.notes.length} low/informational, ` +
      `${report.badSuppressions.length} bad suppressions, ${report.parseErrors.length} unparsed files: ${failures === 0 ? 'PASS' : 'FAIL'}`,
  );
  process.exit(failures === 0 ? 0 : 1);
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  main().catch((error) => {
    console.error(
      `electron scan: could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(2);
  });
}
