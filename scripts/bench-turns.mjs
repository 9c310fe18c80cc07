#!/usr/bin/env node
/**
 * `npm run bench:turns`: the benchmarks of two commits, run by turns on this machine, figure by figure.
 *
 *   npm run bench:turns -- --before <ref> [--after <ref>] [--turns 3] [--benches grid,recommendations,analytics,history]
 *   BEFORE=<ref> AFTER=<ref> TURNS=3 BENCHES=grid,history npm run bench:turns      (the same, from the environment)
 *
 * AFTER defaults to HEAD (committed code only: a detached checkout of the commit, not the working tree).
 * Each side gets its own detached git worktree under .cache/bench-turns/<side> (node_modules a symlink to this
 * checkout's), built once with its own scripts/build.mjs; each bench then runs there with that tree's own code,
 * its own dist/ and its own package.json command (less its `node scripts/build.mjs &&`). While one side runs,
 * the other side's tree is moved aside (.cache/bench-turns/.parked-<side>), so nothing of it can be read by path.
 * Turns alternate in ABBA order (before, after; after, before; ...) for every bench in each turn, so a load
 * drifting over the run (other work on the machine) falls on both sides alike. The benches bind 127.0.0.1 on
 * ports the system picks, and run one at a time.
 *
 * Prints, per figure, both medians, after / before, each side's run-to-run spread ((max - min) / median) and
 * flags a figure worse after by more than the larger spread; the same goes to .cache/bench-turns/report.md,
 * every run's output to .cache/bench-turns/logs/, the raw figures to .cache/bench-turns/results.json.
 * Exit code 1 when a figure is flagged worse or a run printed no figures.
 *
 *   npm run bench:turns -- --from-logs    the report again from the last run's logs and meta.json, running nothing
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compareRuns, figuresOfOutput, reportTables } from './bench-figures.mjs';

export const ALL_BENCHES = ['grid', 'recommendations', 'analytics', 'history'];
const SIDES = /** @type {const} */ (['before', 'after']);

/** The sides' order in turn `t` (0-based): ABBA, so a drift over time weighs on both alike. */
export function turnOrder(t) {
  return t % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
}

/** A bench's command from a tree's package.json script, without the build (each tree is built once). */
export function benchCommand(script) {
  return script.replace(/^\s*node scripts\/build\.mjs\s*&&\s*/, '').trim();
}

/** Options from argv and the environment (argv wins). */
export function parseOptions(argv, env) {
  const opts = {
    before: env.BEFORE ?? null,
    after: env.AFTER ?? 'HEAD',
    turns: Number(env.TURNS ?? env.N ?? 3),
    benches: (env.BENCHES ?? ALL_BENCHES.join(',')).split(','),
    timeoutMin: Number(env.BENCH_TIMEOUT_MIN ?? 30),
  };
  for (let i = 0; i < argv.length; i++) {
    const [key, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (key === '--before') opts.before = value();
    else if (key === '--after') opts.after = value();
    else if (key === '--turns' || key === '-n') opts.turns = Number(value());
    else if (key === '--benches') opts.benches = String(value()).split(',');
    else if (key === '--timeout-min') opts.timeoutMin = Number(value());
    else if (key === '--from-logs') opts.fromLogs = true;
    else if (key === '--help' || key === '-h') opts.help = true;
    else throw new Error(`Unknown option ${argv[i]} (see --help)`);
  }
  opts.benches = opts.benches.map((b) => b.trim().replace(/^bench:/, '')).filter(Boolean);
  if (!opts.help && !opts.fromLogs) {
    if (!opts.before) throw new Error('Say which commit to compare against: --before <ref> (or BEFORE=<ref>).');
    if (!Number.isInteger(opts.turns) || opts.turns < 1)
      throw new Error(`--turns must be a whole number from 1, not ${opts.turns}`);
    if (!(opts.timeoutMin > 0)) throw new Error('--timeout-min must be above 0');
  }
  return opts;
}

function git(cwd, args) {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${(r.stderr || r.stdout).trim()}`);
  return r.stdout.trim();
}

/** A fresh detached worktree of `sha` at `dir`, node_modules linked to the repo's. */
function makeTree(root, dir, sha) {
  if (existsSync(dir)) {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
    rmSync(dir, { recursive: true, force: true });
  }
  git(root, ['worktree', 'prune']);
  git(root, ['worktree', 'add', '--detach', '--force', dir, sha]);
  symlinkSync(realpathSync(path.join(root, 'node_modules')), path.join(dir, 'node_modules'), 'dir');
}

/** Runs `command` in `cwd` (its own process group, killed on timeout). */
function run(command, args, { cwd, env, timeoutMs }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const load = os.loadavg()[0];
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    current = child;
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      current = null;
      resolve({ code, signal, timedOut, ms: performance.now() - started, load, out, err });
    });
  });
}

/** The child running now (killed with its group if we are interrupted). */
let current = null;

/** Moves the other side's tree aside while one side runs; `restore` puts every parked tree back. */
function parking(dir) {
  const parked = (side) => path.join(dir, `.parked-${side}`);
  const restore = () => {
    for (const side of SIDES)
      if (existsSync(parked(side)) && !existsSync(path.join(dir, side))) renameSync(parked(side), path.join(dir, side));
  };
  return {
    restore,
    only(side) {
      restore();
      for (const other of SIDES) if (other !== side) renameSync(path.join(dir, other), parked(other));
    },
  };
}

const secs = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** A run's log: the command, its exit and time, its output, its stderr (read back by --from-logs). */
function logText(cmd, cwd, r) {
  return `$ ${cmd}   (in ${cwd})\n# exit ${r.code ?? r.signal}${r.timedOut ? ' (timed out)' : ''}, ${(r.ms / 1000).toFixed(1)} s, load ${r.load.toFixed(2)}\n\n${r.out}\n${STDERR_MARK}${r.err}`;
}
const STDERR_MARK = '--- stderr ---\n';

/** The output and time of a run's log (as logText wrote it). */
export function readLog(text) {
  const head = /^# exit (\S+)(?: \(timed out\))?, ([\d.]+) s(?:, load ([\d.]+))?$/m.exec(text);
  const body = text.slice(text.indexOf('\n\n') + 2);
  const cut = body.lastIndexOf(`\n${STDERR_MARK}`);
  const code = head ? Number(head[1]) : NaN;
  return {
    out: cut < 0 ? body : body.slice(0, cut),
    ms: head ? Number(head[2]) * 1000 : NaN,
    code: Number.isNaN(code) ? null : code,
    load: head?.[3] ? Number(head[3]) : NaN,
  };
}

/** One run's record, figures read from its output. */
function runRecord(root, logFile, { turn, bench, side }, r, problems) {
  let figures = new Map();
  try {
    figures = figuresOfOutput(r.out);
  } catch (e) {
    problems.push(`${path.relative(root, logFile)}: output not read (${e instanceof Error ? e.message : String(e)})`);
  }
  // A bench exits 1 when a goal is not met: its figures still count. No figures is a failed run.
  if (figures.size === 0)
    problems.push(
      `${path.relative(root, logFile)}: no figures (exit ${r.code ?? r.signal}${r.timedOut ? ', timed out' : ''})`,
    );
  return { turn, bench, side, ms: r.ms, code: r.code, load: r.load, figures };
}

/** report.md and results.json from the runs; returns the exit code (1: a figure worse, or a run without figures). */
function writeReport(root, dir, meta, runs, problems) {
  const comparison = compareRuns(runs);
  const worse = comparison.filter((c) => c.verdict === 'worse');
  const benches = [...new Set(runs.map((r) => r.bench))];
  const total = runs.reduce((a, r) => a + r.ms, 0) + (meta.builds.before ?? 0) + (meta.builds.after ?? 0);
  const turns = Math.max(0, ...runs.map((r) => r.turn));
  const order = Array.from({ length: Math.min(turns, 4) }, (_, t) =>
    turnOrder(t)
      .map((s) => s[0].toUpperCase())
      .join(''),
  ).join(' ');
  const benchTimes = benches.map((b) => {
    const mine = runs.filter((r) => r.bench === b);
    const ms = mine.map((r) => r.ms);
    const loads = mine.map((r) => r.load).filter(Number.isFinite);
    const load = loads.length ? `${Math.min(...loads).toFixed(1)} - ${Math.max(...loads).toFixed(1)}` : '—';
    return `| ${b} | ${ms.length} | ${secs(Math.min(...ms))} | ${secs(Math.max(...ms))} | ${secs(ms.reduce((a, x) => a + x, 0))} | ${load} |`;
  });
  const report = [
    '# Benchmarks by turns',
    '',
    `- before: \`${meta.refs.before.ref}\` = ${meta.refs.before.subject}`,
    `- after: \`${meta.refs.after.ref}\` = ${meta.refs.after.subject}`,
    `- ${turns} turn${turns === 1 ? '' : 's'} in ABBA order (${order}), benches ${benches.join(', ')}`,
    `- machine: ${meta.cores} cores, load average ${meta.loadStart.toFixed(2)} at the start${meta.loadEnd === undefined ? '' : ` and ${meta.loadEnd.toFixed(2)} at the end`}; started ${meta.startedAt}`,
    `- runs and builds took ${secs(total)} (builds ${secs(meta.builds.before ?? NaN)} + ${secs(meta.builds.after ?? NaN)})`,
    '',
    'Spread: (max - min) / median of a side over its turns. A figure is flagged **WORSE** when its after median is worse than its before median by more than the larger of the two spreads. The `[x ...]` figures are ratios to a floor measured in the same run. Counts are shown, not judged.',
    '',
    ...(turns < 2 ? ['One turn has no spread: every difference is flagged. Run at least 3 turns to judge.', ''] : []),
    reportTables(comparison),
    '### run times',
    '',
    "| bench | runs | shortest | longest | all | load average at the runs' starts |",
    '|---|---:|---:|---:|---:|---|',
    ...benchTimes,
    '',
    ...(problems.length ? ['### problems', '', ...problems.map((p) => `- ${p}`), ''] : []),
    worse.length
      ? `**${worse.length} figure${worse.length === 1 ? '' : 's'} worse beyond the spread:** ${worse.map((w) => `${w.bench}: ${w.name}`).join('; ')}`
      : 'No figure worse beyond the run-to-run spread.',
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'report.md'), report);
  writeFileSync(
    path.join(dir, 'results.json'),
    JSON.stringify(
      { ...meta, runs: runs.map((r) => ({ ...r, figures: Object.fromEntries(r.figures) })), comparison },
      null,
      1,
    ),
  );
  console.log(`\n${report}`);
  console.log(
    `Written to ${path.relative(process.cwd(), path.join(dir, 'report.md'))}; run logs in ${path.relative(process.cwd(), path.join(dir, 'logs'))}/`,
  );
  return worse.length > 0 || problems.some((p) => p.includes('no figures')) ? 1 : 0;
}

/** --from-logs: the report again from the last run's logs (e.g. after an interrupted run). */
function reportFromLogs(root, dir) {
  const metaFile = path.join(dir, 'meta.json');
  if (!existsSync(metaFile)) throw new Error(`No ${path.relative(root, metaFile)}: run the comparison first.`);
  const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  const logs = path.join(dir, 'logs');
  const problems = [];
  const runs = [];
  for (const name of readdirSync(logs).sort()) {
    const m = /^turn(\d+)-(.+)-(before|after)\.log$/.exec(name);
    if (!m) continue;
    const r = readLog(readFileSync(path.join(logs, name), 'utf8'));
    runs.push(runRecord(root, path.join(logs, name), { turn: Number(m[1]), bench: m[2], side: m[3] }, r, problems));
  }
  if (runs.length === 0) throw new Error(`No run logs in ${path.relative(root, logs)}.`);
  // In the order they ran: by turn, benches as asked.
  const rank = (b) => meta.benches.indexOf(b) + 1 || Infinity;
  runs.sort((a, b) => a.turn - b.turn || rank(a.bench) - rank(b.bench));
  return writeReport(root, dir, meta, runs, problems);
}

async function main() {
  const opts = parseOptions(process.argv.slice(2), process.env);
  if (opts.help) {
    console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]);
    return 0;
  }
  const root = git(process.cwd(), ['rev-parse', '--show-toplevel']);
  const dir = path.join(root, '.cache', 'bench-turns');
  if (opts.fromLogs) return reportFromLogs(root, dir);
  const logs = path.join(dir, 'logs');
  const park = parking(dir);
  park.restore();
  const refs = {};
  for (const side of SIDES) {
    const ref = opts[side];
    const sha = git(root, ['rev-parse', '--verify', `${ref}^{commit}`]);
    refs[side] = { ref, sha, subject: git(root, ['log', '-1', '--format=%h %s', sha]) };
  }
  if (opts.after === 'HEAD' && git(root, ['status', '--porcelain', '--untracked-files=no']) !== '') {
    console.warn('Note: this checkout has uncommitted changes; AFTER is the commit HEAD, without them.');
  }
  const unknown = opts.benches.filter((b) => !ALL_BENCHES.includes(b));
  if (unknown.length)
    console.warn(
      `Note: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not among ${ALL_BENCHES.join(', ')}; run if the trees have such a script.`,
    );

  mkdirSync(dir, { recursive: true });
  rmSync(logs, { recursive: true, force: true });
  mkdirSync(logs, { recursive: true });
  const onSignal = (sig) => {
    if (current) {
      try {
        process.kill(-current.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    park.restore();
    process.exit(sig === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const meta = {
    refs,
    turns: opts.turns,
    benches: opts.benches,
    builds: {},
    cores: os.cpus().length,
    loadStart: os.loadavg()[0],
    startedAt: new Date().toISOString(),
  };
  const trees = {};
  const commands = {};
  for (const side of SIDES) {
    trees[side] = path.join(dir, side);
    console.log(`${side}: ${refs[side].subject} -> ${path.relative(root, trees[side])}`);
    makeTree(root, trees[side], refs[side].sha);
    const scripts = JSON.parse(readFileSync(path.join(trees[side], 'package.json'), 'utf8')).scripts ?? {};
    commands[side] = Object.fromEntries(
      opts.benches.map((b) => [b, scripts[`bench:${b}`] ? benchCommand(scripts[`bench:${b}`]) : null]),
    );
  }
  const envOf = (side) => {
    const env = {
      ...process.env,
      MDS_BENCH_JSON: '1',
      MDS_BENCH_STATIC_DIR: path.join(trees[side], 'dist', 'renderer'),
      MDS_E2E_SKIP_BUILD: '1',
    };
    env.PATH = `${path.join(trees[side], 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`;
    return env;
  };
  const timeoutMs = opts.timeoutMin * 60_000;
  try {
    for (const side of SIDES) {
      park.only(side);
      const logFile = path.join(logs, `build-${side}.log`);
      const r = await run(process.execPath, ['scripts/build.mjs'], { cwd: trees[side], env: envOf(side), timeoutMs });
      writeFileSync(logFile, logText('node scripts/build.mjs', trees[side], r));
      meta.builds[side] = r.ms;
      if (r.code !== 0)
        throw new Error(`The ${side} build failed (exit ${r.code ?? r.signal}); see ${path.relative(root, logFile)}`);
      console.log(`built ${side} in ${secs(r.ms)}`);
    }
    writeFileSync(path.join(dir, 'meta.json'), JSON.stringify(meta, null, 1));
    const runs = [];
    const problems = [];
    for (let t = 0; t < opts.turns; t++) {
      for (const bench of opts.benches) {
        for (const side of turnOrder(t)) {
          const cmd = commands[side][bench];
          if (!cmd) {
            if (t === 0) problems.push(`${side} has no bench:${bench} script`);
            continue;
          }
          park.only(side);
          const logFile = path.join(logs, `turn${t + 1}-${bench}-${side}.log`);
          process.stdout.write(`turn ${t + 1}/${opts.turns} ${bench} ${side} ... `);
          const r = await run('sh', ['-c', cmd], { cwd: trees[side], env: envOf(side), timeoutMs });
          writeFileSync(logFile, logText(cmd, trees[side], r));
          const record = runRecord(root, logFile, { turn: t + 1, bench, side }, r, problems);
          console.log(
            `${secs(r.ms)}, ${record.figures.size} figures${r.code === 0 ? '' : ` (exit ${r.code ?? r.signal}${r.timedOut ? ', timed out' : ''})`}`,
          );
          runs.push(record);
        }
      }
    }
    park.restore();
    meta.loadEnd = os.loadavg()[0];
    writeFileSync(path.join(dir, 'meta.json'), JSON.stringify(meta, null, 1));
    return writeReport(root, dir, meta, runs, problems);
  } finally {
    park.restore();
  }
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(`bench:turns: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(2);
    },
  );
}
