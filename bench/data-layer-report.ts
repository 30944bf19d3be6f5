// The data-layer bench's table
// (docs/benchmarks.md#data-layer-organizations-with-their-wallets-benchdata-layer-benchts): per
// query and side the medians of the rounds, and the data layer's ratios to each side taken per
// round (the sides of a round ran back to back) and then the median; the targets compare it with
// the hand-written statement.
import type { DatasetSummary } from './data-layer-dataset.ts';
import type { SideRun as ServedRun } from './paired-rounds.ts';

export const sides = ['data layer', 'compiled statement, bare http', 'hand-written statement, bare http'] as const;
export type Side = (typeof sides)[number];

export type SideRun = ServedRun & { readonly postgresMicrosPerRequest: number };

/** The statements measured alone (statement-cpu.ts). */
export const statementLabels = {
  named: 'compiled, named',
  unnamed: 'compiled, unnamed',
  handWritten: 'hand-written, named',
} as const;

export interface ReportInput {
  readonly database: string;
  readonly dataset: DatasetSummary;
  readonly settings: { connections: number; rounds: number; seconds: number; warmRoundSeconds: number };
  readonly scenarios: readonly { title: string; organizations: number; wallets: number; bytes: number }[];
  readonly results: readonly Record<Side, SideRun[]>[];
  /** PostgreSQL CPU µs per execution of each statement alone, by statementLabels. */
  readonly statements: readonly ReadonlyMap<string, number>[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const count = (value: number) => value.toLocaleString('en-US');
const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** The per-round ratio of `pick(a) / pick(b)`. */
function roundRatios(a: readonly SideRun[], b: readonly SideRun[], pick: (run: SideRun) => number): number[] {
  return a.map((run, round) => pick(run) / pick(b[round]!));
}

export function printDataLayerReport(input: ReportInput): void {
  const { dataset, settings } = input;
  console.log(
    `\nData layer: organizations with their wallets (${input.database}; ${count(dataset.wallets)} wallets in ${count(dataset.organizations)} organizations, ${count(dataset.addedWallets)} of them synthetic; ${settings.connections} connections, keep-alive; medians of ${settings.rounds} rounds of ${settings.seconds} s per side after a warm-up round of ${settings.warmRoundSeconds} s per side)\n`,
  );
  console.log(
    row([
      'query',
      'side',
      'req/s',
      'p50 ms',
      'p99 ms',
      'server process CPU µs/req',
      'generator CPU %',
      'PostgreSQL CPU µs/req',
      'data layer / side: req/s',
      'PostgreSQL CPU',
    ]),
  );
  console.log(row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const [index, scenario] of input.scenarios.entries()) {
    const results = input.results[index]!;
    const mine = results['data layer'];
    const figure = `${scenario.title} — ${scenario.organizations} org., ${count(scenario.wallets)} wallets, ${(scenario.bytes / 1024).toFixed(1)} KiB`;
    for (const side of sides) {
      const runs = results[side];
      const isDataLayer = side === 'data layer';
      const ratio = (pick: (run: SideRun) => number) => `${fixed(median(roundRatios(mine, runs, pick)), 2)}×`;
      console.log(
        row([
          side === sides[0] ? figure : '',
          side,
          fixed(median(runs.map((run) => run.perSecond)), 0),
          fixed(median(runs.map((run) => run.p50)), 2),
          fixed(median(runs.map((run) => run.p99)), 2),
          fixed(median(runs.map((run) => run.serverCpuMicrosPerRequest)), 0),
          fixed(Math.max(...runs.map((run) => run.generatorCpuPercent)), 0),
          fixed(median(runs.map((run) => run.postgresMicrosPerRequest)), 0),
          isDataLayer ? '' : ratio((run) => run.perSecond),
          isDataLayer ? '' : ratio((run) => run.postgresMicrosPerRequest),
        ]),
      );
    }
  }
  console.log(
    '\ncompiled statement: the statement the data layer compiles for the query, with its bound parameters, sent as the data layer sends it (named or not), behind a bare node http server.',
  );
  console.log(
    'hand-written statement: one hand-written statement for the same rows and columns (json_build_object/json_agg, the permission filter written in), a named prepared statement, behind the same bare server: the reference of docs/benchmarks.md#targets (data layer ≥ 0.9× its req/s, PostgreSQL CPU per request ≤ 1.1×).',
  );
  console.log(
    "server process CPU: the whole process serving the side (the service as npm start runs it, or the bare server), from /proc; generator CPU: the load generator's, the most of any round, in percent of one core. PostgreSQL CPU: the backends serving the side's pool, from /proc. Generator, servers and PostgreSQL share the machine's cores.",
  );
  for (const [index, scenario] of input.scenarios.entries()) {
    const results = input.results[index]!;
    const hand = results['hand-written statement, bare http'];
    const perSecond = roundRatios(results['data layer'], hand, (run) => run.perSecond);
    const postgres = roundRatios(results['data layer'], hand, (run) => run.postgresMicrosPerRequest);
    console.log(
      `${scenario.title}, data layer / hand-written per round: req/s ${perSecond.map((value) => fixed(value, 2)).join(', ')}; PostgreSQL CPU ${postgres.map((value) => fixed(value, 2)).join(', ')}`,
    );
  }
  printStatementCpu(input);
}

function printStatementCpu(input: ReportInput): void {
  console.log(
    '\nPostgreSQL CPU µs per execution of each statement alone (one connection, back to back, median of the rounds):\n',
  );
  const labels = Object.values(statementLabels);
  console.log(row(['query', ...labels, 'named / hand-written', 'unnamed / hand-written']));
  console.log(row(['---', ...labels.map(() => '---:'), '---:', '---:']));
  for (const [index, scenario] of input.scenarios.entries()) {
    const cpu = input.statements[index]!;
    const hand = cpu.get(statementLabels.handWritten) ?? Number.NaN;
    console.log(
      row([
        scenario.title,
        ...labels.map((label) => fixed(cpu.get(label) ?? Number.NaN, 0)),
        `${fixed((cpu.get(statementLabels.named) ?? Number.NaN) / hand, 2)}×`,
        `${fixed((cpu.get(statementLabels.unnamed) ?? Number.NaN) / hand, 2)}×`,
      ]),
    );
  }
}
