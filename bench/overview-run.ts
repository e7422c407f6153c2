import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { measureOverview, overviewLines } from './overview-bench';

// `npm run bench:overview`: the overview's 1,000,000-session target alone (also part of `npm run bench`).
const b = await measureOverview();
const md = [`# Overview for a million sessions`, ``, `${cpus().length} cores, ${new Date().toISOString()}`, ``, ...overviewLines(b), ``].join('\n');
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/overview.md', md);
writeFileSync('bench/results/overview.json', JSON.stringify({ at: new Date().toISOString(), ...b }, null, 2));
console.log(md);
if (!b.countersMatch || b.queries.some((q) => q.max > 1000)) process.exitCode = 1;
