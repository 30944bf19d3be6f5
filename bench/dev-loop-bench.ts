// `npm run bench -- dev-loop`: the API designer's loop against its two goals
// (docs/code-generation.md#npm-run-dev), on a copy of the checkout with `npm run dev` running:
// a permissions.yaml edit until the data layer answers by the new rule (goal ≤ 3 s), and a
// schema.graphql field added to Query until the typecheck names the resolver it lacks (goal ≤ 5 s).
// Each edit is made after the last one's status line, timed from the file's write, and undone the
// same way; DEV_LOOP_ROUNDS (default 5) rounds of each. The load average is printed beside them, and
// the loop's status lines, which say where the time went.
import { loadavg } from 'node:os';
import { startDevLoop } from '../test/support/dev-loop-process.ts';

const rounds = Number(process.env.DEV_LOOP_ROUNDS ?? 5);
const auditorRule = 'columns: [id, name, slug, kind, country_code]\n      compliance:';
const auditorRuleWidened = 'columns: [id, name, slug, kind, country_code, created_at]\n      compliance:';
const queryType = 'type Query {\n';
const queryWithProbe = 'type Query {\n  devLoopBenchProbe: String\n';
const missingResolver = /^src\/graphql\/resolvers\/business-resolvers\.ts:\d+:\d+: error TS\d+: .*devLoopBenchProbe/m;

const dev = await startDevLoop('dev-loop-bench-');

/** Polls until `done()` holds (every 20 ms, at most 120 s); the ms since `since`. */
async function until(done: () => boolean | Promise<boolean>, since: number, what: string): Promise<number> {
  while (performance.now() - since < 120_000) {
    if (await done()) return Math.round(performance.now() - since);
    if (dev.exited()) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${what} never came; output:\n${dev.output()}`);
}

/** Replaces the one `from` of a spec with `to`; when the write happened and where the output stood. */
function edit(spec: string, from: string, to: string): { since: number; mark: number } {
  const mark = dev.editSpec(spec, from, to);
  return { since: performance.now(), mark };
}

/** The loop's status lines, where the time went (regenerating, typecheck, restart), printed with each round. */
const statusLines: string[] = [];
const statusAfter = (mark: number, spec: string) => () => {
  const status = dev
    .output()
    .slice(mark)
    .split('\n')
    .find((line) => line.startsWith(`${spec}: `));
  if (status) statusLines.push(`  ${status}`);
  return status !== undefined;
};

/** Whether the auditor may read `created_at`: 'yes', 'no' (the data layer says no such field), or 'down'. */
async function auditorCreatedAt(): Promise<'yes' | 'no' | 'down'> {
  const body = await dev.auditorCreatedAt();
  if (body?.data !== undefined) return 'yes';
  return body?.errors?.[0]?.message.includes("'created_at' not found") ? 'no' : 'down';
}

/** One permissions round: the widened rule served, then the narrowed one; both times. */
async function permissionsRound(): Promise<[number, number]> {
  const widen = edit('permissions.yaml', auditorRule, auditorRuleWidened);
  const widened = await until(async () => (await auditorCreatedAt()) === 'yes', widen.since, 'the widened rule served');
  await until(statusAfter(widen.mark, 'permissions.yaml'), widen.since, 'the status line');
  const narrow = edit('permissions.yaml', auditorRuleWidened, auditorRule);
  const narrowed = await until(
    async () => (await auditorCreatedAt()) === 'no',
    narrow.since,
    'the narrowed rule served',
  );
  await until(statusAfter(narrow.mark, 'permissions.yaml'), narrow.since, 'the status line');
  return [widened, narrowed];
}

/** One schema round: a Query field added until the missing resolver is named; the field removed again. */
async function schemaRound(): Promise<number> {
  const add = edit('schema.graphql', queryType, queryWithProbe);
  const named = await until(
    () => missingResolver.test(dev.output().slice(add.mark)),
    add.since,
    'the missing resolver',
  );
  await until(statusAfter(add.mark, 'schema.graphql'), add.since, 'the status line');
  const remove = edit('schema.graphql', queryWithProbe, queryType);
  await until(statusAfter(remove.mark, 'schema.graphql'), remove.since, 'the status line of the removal');
  return named;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

try {
  await until(() => /^started: /m.test(dev.output()), performance.now(), 'the start');
  const permissions: number[] = [];
  const schema: number[] = [];
  console.log(`dev loop started; load average ${load()}`);
  for (let round = 1; round <= rounds; round++) {
    permissions.push(...(await permissionsRound()));
    schema.push(await schemaRound());
    console.log(
      `round ${round}: permissions ${permissions.slice(-2).join(', ')} ms; schema ${schema.at(-1)} ms; load ${load()}`,
    );
    console.log(statusLines.splice(0).join('\n'));
  }
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `median ${sorted[Math.floor(sorted.length / 2)]} ms, ${sorted[0]}–${sorted.at(-1)} ms`;
  };
  console.log(`permissions.yaml edit served: ${summary(permissions)} (goal ≤ 3000 ms)`);
  console.log(`schema.graphql field → missing resolver named: ${summary(schema)} (goal ≤ 5000 ms)`);
  console.log(`load average at the end ${load()}`);
} finally {
  await dev.stop();
}
