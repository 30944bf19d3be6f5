// `npm run bench`: runs each benchmark in its own process (so one cannot skew the other's
// memory or JIT state), one after another, with the Node flags `npm start` gives the service (its
// heap limits), so the service runs as in production. `npm run bench -- auth` runs the matching
// ones only.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { startNodeFlags } from '../scripts/start-node-flags.ts';

const here = import.meta.dirname;
const filter = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((name) => name.endsWith('-bench.ts'))
  .filter((name) => filter.length === 0 || filter.some((part) => name.includes(part)))
  .sort();
let failed = 0;
for (const name of benches) {
  console.log(`\n== ${name}`);
  const result = spawnSync(process.execPath, [...startNodeFlags(), path.join(here, name)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
