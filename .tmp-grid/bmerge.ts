import { analyzeName, normalizeText } from '../renderer/features/grid/model/search';
import { rankNames } from '../renderer/features/grid/model/shape';
import { readFileSync } from 'node:fs';
const names = readFileSync('service/data/catalog-730.tsv', 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t')[1] ?? '');
console.log(names.length);
for (let r = 0; r < 4; r++) {
  let t = performance.now(); const search = names.map(normalizeText); const N = performance.now() - t;
  t = performance.now(); const flags = search.map(analyzeName); const A = performance.now() - t;
  t = performance.now(); rankNames(search, names); const R = performance.now() - t;
  t = performance.now(); const s = new Set(); for (const n of names) s.add(n); const D = performance.now() - t;
  console.log({ N, A, R, D, f: flags.length });
}
