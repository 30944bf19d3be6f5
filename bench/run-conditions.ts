// The conditions an HTTP bench ran under (docs/benchmarks.md#how-the-http-benches-run), printed
// before its figures: the load generator, the cores pinned, every setting changed from
// `npm start`'s defaults, and the machine's load average at the start.
import { cpus, loadavg } from 'node:os';
import type { CpuPinning } from './cpu-pinning.ts';
import type { LoadGenerator } from './load-generator.ts';

export function printRunConditions(
  generator: LoadGenerator,
  pinning: CpuPinning,
  settings: Readonly<Record<string, string>>,
  rounds: string,
): void {
  const changed = Object.entries(settings).map(([name, value]) => `${name}=${value}`);
  console.log(`load generator: ${generator.description}`);
  console.log(`cores: ${pinning.description}`);
  console.log(`service: \`npm start\`, its own process; changed from the defaults: ${changed.join(' ') || 'nothing'}`);
  console.log(`rounds: ${rounds}`);
  console.log(
    `load average at the start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')} (${cpus().length} cores), Node ${process.version}`,
  );
}
