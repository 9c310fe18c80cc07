/**
 * The figures of a benchmark's printed results and their before/after comparison (used by bench-turns.mjs).
 *
 * A bench prints tables: `| metric | measured | goal | result |` (bench-utils printTable), `| figure | value |`
 * (bench:history), one row per view with a column per figure (bench:analytics), and `name: number` lines.
 * Where it can, a bench also prints the same rows as one `BENCH_JSON {"rows":[...]}` line (with
 * MDS_BENCH_JSON=1); older checkouts print tables only, so both are read into the same rows and the same
 * figures, and a before side without the JSON line still matches an after side with it.
 *
 * From each row's measured text: its first number with a unit (ms, MB, ...), the ratios to a floor measured in
 * the same run ("(1.23 x P)", "(0.9 x (F + P))") as figures of their own, and "a / b" pairs where the metric
 * names them ("median / p95"). A figure's name is its metric without the parenthesized parts that hold numbers
 * (counts and timings that vary from run to run, e.g. "(52 keys)").
 */

/** Printed before a bench's rows as JSON on one line. */
export const JSON_PREFIX = 'BENCH_JSON ';

const NUM = String.raw`-?\d[\d,]*(?:\.\d+)?`;
const UNITS = String.raw`ms|s|MB|kB|B|%`;
const WITH_UNIT = new RegExp(String.raw`(${NUM})\s*(${UNITS})(?![\w])`);
const RATIO = new RegExp(String.raw`\((${NUM}) x (\([^()]*\)|[A-Za-z]\w*)\)`, 'g');
const PAIR = new RegExp(String.raw`^(${NUM})\s*(${UNITS}) \/ (${NUM})\s*(${UNITS})(?![\w])`);
const BARE = new RegExp(String.raw`^(${NUM})$`);
const NONE_OVER = /^none over (\d+) ms/;
const NAME_VALUE_LINE = new RegExp(String.raw`^([A-Za-z][^|:]{2,100}): (${NUM})\s*$`);

const num = (s) => Number(s.replace(/,/g, ''));

/** `text` without the parenthesized groups (nesting counted) that hold a digit. */
export function figureName(text) {
  let out = '';
  let depth = 0;
  let group = '';
  for (const ch of text.replace(/\*\*/g, '')) {
    if (ch === '(') {
      depth++;
      group += ch;
    } else if (ch === ')' && depth > 0) {
      depth--;
      group += ch;
      if (depth === 0) {
        if (!/\d/.test(group)) out += group;
        group = '';
      }
    } else if (depth > 0) group += ch;
    else out += ch;
  }
  out += group;
  return out
    .replace(/\s+([,:;])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Which way is better: 'lower' (times, sizes, ratios), 'higher', or 'info' (counts: printed, not judged). */
export function direction(name, unit) {
  if (/days that fit/i.test(name)) return 'higher';
  if (unit === '') return /bytes per change/i.test(name) ? 'lower' : 'info';
  return 'lower';
}

/**
 * The names of an "a / b" metric's two figures: "work, median / p95" -> "work, median" and "work, p95"; what
 * comes before the last ", " or ": " ahead of the slash is the common part (null: no slash in the name).
 */
function pairNames(name) {
  const slash = name.lastIndexOf(' / ');
  if (slash < 0) return null;
  const left = name.slice(0, slash);
  const cut = Math.max(left.lastIndexOf(', '), left.lastIndexOf(': '));
  const common = cut < 0 ? '' : left.slice(0, cut + 2);
  return [`${common}${left.slice(common.length)}`, `${common}${name.slice(slash + 3)}`];
}

/**
 * The figures of one printed row.
 * @param {string} metric
 * @param {string} measured
 * @returns {{ name: string, value: number, unit: string, better: string, atMost?: boolean }[]}
 */
export function figuresOfRow(metric, measured) {
  const name = figureName(metric);
  const text = measured.replace(/\*\*/g, '').trim();
  const out = [];
  const add = (n, value, unit, extra = {}) => {
    if (Number.isFinite(value)) out.push({ name: n, value, unit, better: direction(n, unit), ...extra });
  };
  const none = NONE_OVER.exec(text);
  const pair = PAIR.exec(text);
  const labels = pairNames(name);
  if (none) {
    // 'longtask' entries exist only over the threshold: none seen is "at most" it.
    add(name, Number(none[1]), 'ms', { atMost: true });
  } else if (pair && labels) {
    add(labels[0], num(pair[1]), pair[2]);
    add(labels[1], num(pair[3]), pair[4]);
  } else {
    const first = WITH_UNIT.exec(text);
    const bare = BARE.exec(text);
    if (first) add(name, num(first[1]), first[2]);
    else if (bare) add(name, num(bare[1]), '');
  }
  for (const m of text.matchAll(RATIO)) add(`${name} [x ${m[2]}]`, num(m[1]), 'x');
  return out;
}

const cellsOf = (line) =>
  line
    .trim()
    .slice(1, -1)
    .split('|')
    .map((c) => c.trim());
const isTableLine = (line) => /^\|.*\|$/.test(line.trim());
const isSeparator = (cells) => cells.every((c) => /^:?-{3,}:?$/.test(c));

/**
 * The rows a bench printed: its BENCH_JSON line's if it printed one, else its tables' and `name: number` lines.
 * @param {string} output
 * @returns {{ metric: string, measured: string }[]}
 */
export function rowsOfOutput(output) {
  const lines = output.split(/\r?\n/);
  const json = lines.find((l) => l.startsWith(JSON_PREFIX));
  if (json) {
    const parsed = JSON.parse(json.slice(JSON_PREFIX.length));
    const rows = Array.isArray(parsed?.rows) ? parsed.rows : [];
    return rows
      .filter((r) => typeof r?.metric === 'string' && typeof r?.measured === 'string')
      .map((r) => ({ metric: r.metric, measured: r.measured }));
  }
  const rows = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!isTableLine(line)) {
      const nv = NAME_VALUE_LINE.exec(line.trim());
      if (nv) rows.push({ metric: nv[1], measured: nv[2] });
      continue;
    }
    const header = cellsOf(line);
    const body = [];
    while (i + 1 < lines.length && isTableLine(lines[i + 1] ?? '')) body.push(cellsOf(lines[++i] ?? ''));
    if (body.length === 0 || !isSeparator(body[0])) continue;
    const keyed = /^(metric|figure)$/i.test(header[0] ?? '') && /^(measured|value)$/i.test(header[1] ?? '');
    for (const cells of body.slice(1)) {
      if (keyed) rows.push({ metric: cells[0] ?? '', measured: cells[1] ?? '' });
      else
        for (let j = 1; j < cells.length; j++)
          rows.push({ metric: `${cells[0]}: ${header[j] ?? `column ${j}`}`, measured: cells[j] ?? '' });
    }
  }
  return rows;
}

/**
 * Every figure of a bench's output, by name (a name printed twice gets " #2").
 * @param {string} output
 */
export function figuresOfOutput(output) {
  const figures = new Map();
  for (const row of rowsOfOutput(output)) {
    for (const f of figuresOfRow(row.metric, row.measured)) {
      let name = f.name;
      for (let k = 2; figures.has(name); k++) name = `${f.name} #${k}`;
      figures.set(name, { ...f, name });
    }
  }
  return figures;
}

export function median(values) {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Run-to-run spread of one side: (max - min) / median (0 for one run; NaN for a median of 0 with a range). */
export function spread(values) {
  if (values.length === 0) return NaN;
  const range = Math.max(...values) - Math.min(...values);
  const m = median(values);
  if (range === 0) return 0;
  return m === 0 ? NaN : range / Math.abs(m);
}

/**
 * One figure before and after. `change` is how much worse after is than before, relative to before (negative:
 * better); the verdict is 'worse' when that is more than the larger of the two sides' spreads, 'better' when the
 * improvement is, else 'same' (within the spread). Counts ('info') and one-sided figures get no judgement.
 * @param {number[]} before
 * @param {number[]} after
 * @param {string} better 'lower' | 'higher' | 'info'
 */
export function compareFigure(before, after, better) {
  const b = median(before);
  const a = median(after);
  const sb = spread(before);
  const sa = spread(after);
  const tolerance = Math.max(sb, sa);
  const ratio = b === 0 ? (a === 0 ? 1 : NaN) : a / b;
  const base = { before: b, after: a, ratio, spreadBefore: sb, spreadAfter: sa, tolerance };
  if (before.length === 0) return { ...base, change: NaN, verdict: 'only after' };
  if (after.length === 0) return { ...base, change: NaN, verdict: 'only before' };
  if (better === 'info') return { ...base, change: NaN, verdict: 'info' };
  const change =
    b === 0
      ? a === 0
        ? 0
        : better === 'lower'
          ? Infinity
          : -Infinity
      : better === 'lower'
        ? (a - b) / Math.abs(b)
        : (b - a) / Math.abs(b);
  const tol = Number.isNaN(tolerance) ? 0 : tolerance;
  const verdict = change > tol ? 'worse' : -change > tol ? 'better' : 'same';
  return { ...base, change, verdict };
}

/**
 * Per bench, per figure: the values of each side over the turns, compared.
 * @param {{ bench: string, side: 'before' | 'after', figures: Map<string, { value: number, unit: string, better: string, atMost?: boolean }> }[]} runs
 */
export function compareRuns(runs) {
  const out = [];
  const benches = [...new Set(runs.map((r) => r.bench))];
  for (const bench of benches) {
    const names = [];
    const meta = new Map();
    for (const r of runs.filter((x) => x.bench === bench)) {
      for (const [name, f] of r.figures) {
        if (!meta.has(name)) {
          names.push(name);
          meta.set(name, f);
        }
      }
    }
    for (const name of names) {
      const { unit, better } = meta.get(name);
      const values = (side) =>
        runs
          .filter((r) => r.bench === bench && r.side === side && r.figures.has(name))
          .map((r) => r.figures.get(name).value);
      const atMost = runs.some((r) => r.bench === bench && r.figures.get(name)?.atMost);
      out.push({
        bench,
        name,
        unit,
        better,
        atMost,
        beforeValues: values('before'),
        afterValues: values('after'),
        ...compareFigure(values('before'), values('after'), better),
      });
    }
  }
  return out;
}

const fmt = (v) => {
  if (!Number.isFinite(v)) return '—';
  const a = Math.abs(v);
  return a >= 100 ? v.toFixed(0) : a >= 10 ? v.toFixed(1) : a >= 1 ? v.toFixed(2) : v.toFixed(3);
};
const pctText = (v) => (Number.isFinite(v) ? `${(v * 100).toFixed(0)} %` : '—');
const cell = (s) => String(s).replace(/\|/g, '\\|');

/** The comparison as markdown tables, one per bench. */
export function reportTables(comparison) {
  const lines = [];
  for (const bench of [...new Set(comparison.map((c) => c.bench))]) {
    lines.push(
      `### ${bench}`,
      '',
      '| figure | unit | before median | after median | after / before | spread before / after | verdict | each turn, before; after |',
      '|---|---|---:|---:|---:|---:|---|---|',
    );
    for (const c of comparison.filter((x) => x.bench === bench)) {
      const verdict =
        c.verdict === 'worse'
          ? `**WORSE** by ${pctText(c.change)} (> spread ${pctText(c.tolerance)})`
          : c.verdict === 'better'
            ? `better by ${pctText(-c.change)}`
            : c.verdict === 'same'
              ? 'within spread'
              : c.verdict;
      const unit = `${c.unit || (c.better === 'info' ? 'count' : 'number')}${c.better === 'higher' ? ' (higher is better)' : ''}${c.atMost ? ' (≤: none over)' : ''}`;
      const values = `${c.beforeValues.map(fmt).join(', ')}; ${c.afterValues.map(fmt).join(', ')}`;
      lines.push(
        `| ${cell(c.name)} | ${unit} | ${fmt(c.before)} | ${fmt(c.after)} | ${fmt(c.ratio)} | ${pctText(c.spreadBefore)} / ${pctText(c.spreadAfter)} | ${verdict} | ${values} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}
