// The Node flags `npm start` gives the service (package.json `scripts.start`: its heap limits,
// docs/service.md#memory), so the fuzz and the benchmarks run it as production does (they
// run src/main.ts itself, not the bundle npm start loads: docs/service.md#start-up).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');

export function startNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = manifest.scripts.start.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'scripts/start-from-bundle.js')
    throw new Error(
      `package.json scripts.start is not \`node [flags] scripts/start-from-bundle.js\`: ${manifest.scripts.start}`,
    );
  return words.slice(1, -1);
}
