#!/usr/bin/env node
/**
 * `npm run code-size`: the longest functions and files of the app's source (tests, benchmarks, scripts' own
 * tests and generated files aside), read with TypeScript's parser. A newcomer reads a function of 100 lines and
 * a file of 600 at one sitting; longer ones are listed, and `--check` exits 1 when any is over those limits
 * or an opening comment runs over 8 lines.
 * `--top N` lists the N longest functions (default 10). `--report <file>` writes the counts for .ci/run.
 * `--comments` also lists files whose opening comment runs over 8 lines.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MAX_FUNCTION_LINES = 100;
export const MAX_FILE_LINES = 600;
const SOURCE_DIRS = ['backend', 'electron', 'renderer', 'shared', 'service/src', 'webhost'];
export const MAX_OPENING_COMMENT_LINES = 8;
const SKIP = /(\.test\.tsx?|\.spec\.ts|\.d\.ts|\.d\.mts)$|\/(testing|bench|node_modules|\.cache)\//;

/** Source files under the app's folders, relative to the root with forward slashes. */
export function sourceFiles(dir = root) {
  const out = [];
  const walk = (rel) => {
    for (const name of readdirSync(path.join(dir, rel))) {
      const r = `${rel}/${name}`;
      if (statSync(path.join(dir, r)).isDirectory()) walk(r);
      else if (/\.(ts|tsx|mjs)$/.test(name) && !SKIP.test(`/${r}`)) out.push(r);
    }
  };
  for (const d of SOURCE_DIRS) {
    try {
      walk(d);
    } catch {
      // a folder that does not exist in this tree
    }
  }
  return out.sort();
}

/** A readable name for a function node: its own, its variable's, its property's, or its class member's. */
function nameOf(node, sf) {
  if (node.name) return node.name.getText(sf);
  const p = node.parent;
  if (p && ts.isVariableDeclaration(p)) return p.name.getText(sf);
  if (p && ts.isPropertyAssignment(p)) return p.name.getText(sf);
  if (p && ts.isCallExpression(p)) {
    const callee = p.expression.getText(sf);
    const owner = p.parent && ts.isVariableDeclaration(p.parent) ? p.parent.name.getText(sf) : '';
    return owner ? `${owner} = ${callee}(…)` : `${callee}(…)`;
  }
  return '(anonymous)';
}

/** Every function in one file's text with its line count (first to last line, both counted). */
export function functionsIn(file, text) {
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : undefined,
  );
  const out = [];
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node)
    ) {
      if (node.body) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
        const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        out.push({ file, line: start + 1, name: nameOf(node, sf), lines: end - start + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Lines of a file's opening comment (a block, or a run of line comments), after any shebang; 0 when none. */
export function openingCommentLines(text) {
  const body = text.startsWith('#!') ? text.slice(text.indexOf('\n') + 1) : text;
  const ranges = ts.getLeadingCommentRanges(body, 0) ?? [];
  if (ranges.length === 0) return 0;
  // A run of comments with no blank line between them reads as one opening comment.
  let end = ranges[0].end;
  for (const r of ranges.slice(1)) {
    if (/\n\s*\n/.test(body.slice(end, r.pos))) break;
    end = r.end;
  }
  const start = ranges[0].pos;
  return body.slice(start, end).split('\n').length;
}

export function measure(dir = root) {
  const functions = [];
  const files = [];
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    files.push({
      file,
      lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
      openingComment: openingCommentLines(text),
    });
    functions.push(...functionsIn(file, text));
  }
  functions.sort((a, b) => b.lines - a.lines);
  files.sort((a, b) => b.lines - a.lines);
  return {
    functions,
    files,
    longFunctions: functions.filter((f) => f.lines > MAX_FUNCTION_LINES),
    longFiles: files.filter((f) => f.lines > MAX_FILE_LINES),
    longOpeningComments: files.filter((f) => f.openingComment > MAX_OPENING_COMMENT_LINES),
  };
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  const args = process.argv.slice(2);
  const top = args.includes('--top') ? Number(args[args.indexOf('--top') + 1]) : 10;
  const report = args.includes('--report') ? args[args.indexOf('--report') + 1] : undefined;
  const m = measure();
  console.log(`Longest ${top} functions:`);
  for (const f of m.functions.slice(0, top))
    console.log(`  ${String(f.lines).padStart(4)}  ${f.name}  ${f.file}:${f.line}`);
  console.log(
    `Functions over ${MAX_FUNCTION_LINES} lines: ${m.longFunctions.length}; files over ${MAX_FILE_LINES} lines: ${m.longFiles.length}`,
  );
  for (const f of m.longFiles) console.log(`  ${String(f.lines).padStart(4)}  ${f.file}`);
  if (args.includes('--comments') || m.longOpeningComments.length > 0) {
    console.log(`Opening comments over ${MAX_OPENING_COMMENT_LINES} lines: ${m.longOpeningComments.length}`);
    for (const f of m.longOpeningComments) console.log(`  ${String(f.openingComment).padStart(4)}  ${f.file}`);
  }
  const failed = m.longFunctions.length + m.longFiles.length + m.longOpeningComments.length;
  if (report) writeFileSync(report, JSON.stringify({ passed: failed === 0 ? 1 : 0, failed: failed === 0 ? 0 : 1 }));
  if (args.includes('--check') && failed > 0) process.exit(1);
}
