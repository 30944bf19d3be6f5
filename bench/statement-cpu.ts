// PostgreSQL's CPU per execution of one statement alone
// (docs/benchmarks.md#data-layer-organizations-with-their-wallets-benchdata-layer-benchts): one
// connection sends it back to back, so no HTTP, no pool and no pacing between requests moves the
// figure (a backend woken after a pause spends more on the same statement on a loaded machine). The
// variants take turns, round after round; the median of the rounds is reported. It separates what
// the statement's text costs from what sending it unnamed (parsed and planned every time) costs.
import pg from 'pg';
import type { Statement } from './data-layer-bare-server.ts';
import { cpuNanoseconds } from './postgres-backend-cpu.ts';

export interface StatementVariant {
  readonly label: string;
  readonly statement: Statement;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Median CPU microseconds per execution of each variant, by label. */
export async function statementCpu(
  connectionString: string,
  variants: readonly StatementVariant[],
  options: { rounds: number; msPerSample: number },
): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString, application_name: 'data-layer-bench-statements' });
  await client.connect();
  try {
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const run = (statement: Statement) =>
      client.query({ text: statement.sql, values: [...statement.parameters], name: statement.name });
    // Past the five custom plans PostgreSQL makes before it settles on a named statement's plan.
    const started = performance.now();
    for (const { statement } of variants) for (let warm = 0; warm < 10; warm += 1) await run(statement);
    const msPerExecution = (performance.now() - started) / (10 * variants.length);
    const executions = Math.min(300, Math.max(5, Math.round(options.msPerSample / msPerExecution)));
    const samples = new Map(variants.map(({ label }) => [label, [] as number[]]));
    for (let round = 0; round < options.rounds; round += 1) {
      for (const { label, statement } of round % 2 === 0 ? variants : [...variants].reverse()) {
        const before = cpuNanoseconds(pid);
        for (let execution = 0; execution < executions; execution += 1) await run(statement);
        const after = cpuNanoseconds(pid);
        samples
          .get(label)!
          .push(before === null || after === null ? Number.NaN : (after - before) / 1_000 / executions);
      }
    }
    return new Map([...samples].map(([label, values]) => [label, median(values)]));
  } finally {
    await client.end();
  }
}
