import { measureSearch, searchLines } from '/work/wt-dupes/bench/repeat-search-bench';
const kind = process.argv[2] as 'pglite' | 'postgres';
const n = Number(process.argv[3]);
console.log(searchLines(await measureSearch(kind, n, process.env.PGURL)).join('\n'));
