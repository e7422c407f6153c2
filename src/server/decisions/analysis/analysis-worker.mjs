// Entry of the analysis worker thread. Plain JavaScript so that Node can start it under tsx
// (npm start), vitest and the benchmark alike; it registers tsx and loads the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./analysis-worker-main.ts');
