// The Node flags `npm start` gives the service (package.json `scripts.start`: its heap limits,
// docs/architecture.md#memory), so the fuzz and the benchmarks run it as production does.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');

export function startNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = manifest.scripts.start.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'src/main.ts')
    throw new Error(`package.json scripts.start is not \`node [flags] src/main.ts\`: ${manifest.scripts.start}`);
  return words.slice(1, -1);
}
