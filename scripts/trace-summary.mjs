#!/usr/bin/env node
/**
 * Where a Chrome trace's main-thread time went (for the traces `MDS_BENCH_TRACE=dir npm run bench:grid` writes):
 *
 *   node scripts/trace-summary.mjs .cache/trace/grid-filter.json [dist/renderer/assets]
 *   node scripts/trace-summary.mjs --between grid:data-received grid:painted .cache/trace/grid-load.json
 *   node scripts/trace-summary.mjs --thread DedicatedWorker --between grid:bytes-done grid:shaped …
 *   node scripts/trace-summary.mjs --inputs grid:view-painted .cache/trace/grid-sort.json
 *
 * Prints the renderer main thread's self time by kind (script, style, layout, paint/composite) and by event,
 * the layouts forced inside script or event handling with what forced them, and the JS functions with the most
 * self time (from the trace's CPU samples, mapped to sources through the build's source maps). `--inputs mark`:
 * only the time from each input (a key or a click) to the first such mark after it, what the user waits for.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMap } from 'node:module';

const args = process.argv.slice(2);
const between = args.indexOf('--between');
const marks = between >= 0 ? args.splice(between, 3).slice(1) : null;
const threadAt = args.indexOf('--thread');
/** `--thread DedicatedWorker`: that thread (by name) instead of the page's main thread. */
const thread = threadAt >= 0 ? args.splice(threadAt, 2)[1] : 'CrRendererMain';
const inputsAt = args.indexOf('--inputs');
const inputsMark = inputsAt >= 0 ? args.splice(inputsAt, 2)[1] : null;
const [file, assets = 'dist/renderer/assets'] = args;
if (!file) {
  console.error('usage: node scripts/trace-summary.mjs <trace.json> [assets dir]');
  process.exit(2);
}
const raw = JSON.parse(readFileSync(file, 'utf8'));
const all = Array.isArray(raw) ? raw : raw.traceEvents;
/** `--between a b`: only what ran from the last user-timing mark a to the last mark b (a load's steps). */
const markTs = (name) =>
  Math.max(...all.filter((e) => e.name === name && /user_timing/.test(e.cat ?? '')).map((e) => e.ts));
const window = marks ? { from: markTs(marks[0]), to: markTs(marks[1]) } : { from: -Infinity, to: Infinity };
if (marks && !(window.from < window.to)) throw new Error(`${file}: no marks ${marks.join(' then ')}`);

/** `--inputs mark`: [input, next mark] spans; an input that meets another before its mark starts no span. */
function inputSpans(mark) {
  const inputs = all
    .filter((e) => e.name === 'EventDispatch' && /^(keydown|mousedown)$/.test(e.args?.data?.type ?? ''))
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const painted = all
    .filter((e) => e.name === mark && /user_timing/.test(e.cat ?? ''))
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const spans = [];
  for (let i = 0; i < inputs.length; i++) {
    const to = painted.find((t) => t >= inputs[i]);
    if (to !== undefined && !(inputs[i + 1] < to)) spans.push({ from: inputs[i], to });
  }
  if (!spans.length) throw new Error(`${file}: no input followed by a ${mark} mark`);
  return spans;
}
const spans = inputsMark ? inputSpans(inputsMark) : [window];
const inWindow = (ts) => spans.some((w) => ts >= w.from && ts <= w.to);
const events = all.filter((e) => e.name === 'ProfileChunk' || e.name === 'Profile' || e.ph === 'M' || inWindow(e.ts));
const msOf = (us) => (us / 1000).toFixed(0);

/** The renderer's thread of that name with the most events ("pid:tid"). */
function mainThread() {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const count = new Map();
  for (const e of events) {
    const k = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && names.get(k) === thread) count.set(k, (count.get(k) ?? 0) + 1);
  }
  return [...count].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function kindOf(name) {
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)/.test(name)) return 'style';
  if (/^(Layout|UpdateLayout)$/.test(name)) return 'layout';
  if (/^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|Decode|HitTest)/.test(name))
    return 'paint/composite';
  if (
    /^(FunctionCall|EvaluateScript|TimerFire|EventDispatch|RunMicrotasks|FireAnimationFrame|V8|v8|MajorGC|MinorGC)/.test(
      name,
    )
  )
    return 'script';
  return 'other';
}

const label = (e) =>
  e.name === 'EventDispatch'
    ? `EventDispatch(${e.args?.data?.type})`
    : e.name === 'FunctionCall'
      ? `FunctionCall(${e.args?.data?.functionName || 'anonymous'})`
      : e.name;

/** Self time by kind and by event, and forced layouts by what forced them. */
function timeline(main) {
  const xs = events
    .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  const nodes = [];
  const forced = new Map();
  for (const e of xs) {
    while (stack.length && stack.at(-1).end <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) parent.self -= Math.min(e.dur, parent.end - e.ts);
    if (e.name === 'Layout' && stack.some((s) => /^(FunctionCall|EventDispatch)$/.test(s.e.name))) {
      const chain = stack.filter((s) => /^(FunctionCall|EventDispatch)$/.test(s.e.name)).map((s) => label(s.e));
      const k = chain.join(' > ');
      const f = forced.get(k) ?? { n: 0, us: 0 };
      forced.set(k, { n: f.n + 1, us: f.us + e.dur });
    }
    const node = { e, end: e.ts + e.dur, self: e.dur };
    stack.push(node);
    nodes.push(node);
  }
  const byKind = {};
  const byName = {};
  for (const { e, self } of nodes) {
    if (e.name === 'RunTask') continue;
    byKind[kindOf(e.name)] = (byKind[kindOf(e.name)] ?? 0) + self;
    byName[e.name] = (byName[e.name] ?? 0) + self;
  }
  const tasks = xs.filter((e) => e.name === 'RunTask').reduce((a, e) => a + e.dur, 0);
  return { tasks, byKind, byName, forced };
}

/** JS self time by function, from the main thread's CPU profile samples. */
function functions(main) {
  const [pid, tid] = main.split(':');
  const ids = new Set(
    events.filter((e) => e.name === 'Profile' && String(e.pid) === pid && String(e.tid) === tid).map((e) => e.id),
  );
  const frames = new Map();
  const self = new Map();
  // A sample's time: the profile's start plus the deltas so far (the chunks come in order).
  const clock = new Map(
    events.filter((e) => e.name === 'Profile' && ids.has(e.id)).map((e) => [e.id, e.args?.data?.startTime ?? 0]),
  );
  for (const e of events) {
    const d = e.name === 'ProfileChunk' && String(e.pid) === pid && ids.has(e.id) ? e.args?.data : null;
    if (!d) continue;
    for (const n of d.cpuProfile?.nodes ?? []) frames.set(`${e.id}:${n.id}`, n.callFrame);
    const samples = d.cpuProfile?.samples ?? [];
    samples.forEach((s, i) => {
      const dt = d.timeDeltas?.[i] ?? 0;
      const t = clock.get(e.id) + dt;
      clock.set(e.id, t);
      if (inWindow(t)) self.set(`${e.id}:${s}`, (self.get(`${e.id}:${s}`) ?? 0) + dt);
    });
  }
  const maps = new Map();
  const mapOf = (url) => {
    const base = (url ?? '').split('/').pop() ?? '';
    if (!base.endsWith('.js')) return null;
    if (!maps.has(base)) {
      try {
        maps.set(base, new SourceMap(JSON.parse(readFileSync(path.join(assets, `${base}.map`), 'utf8'))));
      } catch {
        maps.set(base, null);
      }
    }
    return maps.get(base);
  };
  const byFn = new Map();
  for (const [k, us] of self) {
    const f = frames.get(k);
    if (!f || /^\((idle|program|root)\)$/.test(f.functionName)) continue;
    let name = f.functionName || '(anonymous)';
    const map = mapOf(f.url);
    const at = map && f.lineNumber >= 0 ? map.findEntry(f.lineNumber, f.columnNumber ?? 0) : null;
    if (at?.originalSource)
      name = `${at.name ?? name} ${at.originalSource.replace(/^.*?(renderer|node_modules)\//, '$1/')}:${at.originalLine + 1}`;
    byFn.set(name, (byFn.get(name) ?? 0) + us);
  }
  return byFn;
}

const main = mainThread();
if (!main) throw new Error(`${file}: no renderer main thread in the trace`);
const { tasks, byKind, byName, forced } = timeline(main);
const top = (entries, n) => [...entries].sort((a, b) => b[1] - a[1]).slice(0, n);
const spanned = inputsMark
  ? ` (${spans.length} inputs to ${inputsMark}: ${msOf(spans.reduce((a, w) => a + w.to - w.from, 0))} ms waited)`
  : '';
console.log(`${path.basename(file)}: main-thread tasks ${msOf(tasks)} ms${spanned}`);
console.log(
  `  self time by kind (ms): ${top(Object.entries(byKind), 9)
    .map(([k, v]) => `${k} ${msOf(v)}`)
    .join(', ')}`,
);
console.log(
  `  by event (ms): ${top(Object.entries(byName), 12)
    .map(([k, v]) => `${k} ${msOf(v)}`)
    .join(', ')}`,
);
console.log('  layouts forced in script or event handling:');
for (const [k, v] of [...forced].sort((a, b) => b[1].us - a[1].us).slice(0, 6))
  console.log(`    ${v.n} x, ${msOf(v.us)} ms: ${k}`);
console.log('  JS self time (ms):');
for (const [k, v] of top(functions(main), 16)) console.log(`    ${msOf(v)}  ${k}`);
