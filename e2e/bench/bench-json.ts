/**
 * A benchmark's printed rows again as one machine-readable line, `BENCH_JSON {"rows":[{metric, measured}]}`,
 * when MDS_BENCH_JSON=1 (set by `npm run bench:turns`, which reads it with scripts/bench-figures.mjs; the
 * prefix is that module's JSON_PREFIX). The same text as the table's cells, so a side printing tables only
 * (an older commit) gives the same figures.
 */
export interface BenchJsonRow {
  metric: string;
  measured: string;
}

export function printBenchJson(rows: readonly BenchJsonRow[], env: NodeJS.ProcessEnv = process.env): void {
  if (env.MDS_BENCH_JSON !== '1') return;
  console.log(`BENCH_JSON ${JSON.stringify({ rows: rows.map((r) => ({ metric: r.metric, measured: r.measured })) })}`);
}
