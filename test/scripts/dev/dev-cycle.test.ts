// One turn of `npm run dev` (scripts/dev/dev-cycle.ts, docs/code-generation.md#npm-run-dev), with
// the generators, the typecheck and the restart replaced by records: a spec problem or a type
// error prints and does not restart (except a permissions-only edit, which restarts before its typecheck); the
// generators a failed turn held back run with the fix; a fix that changes nothing the service runs
// does not restart it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Generator } from '../../../scripts/codegen/generator-selection.ts';
import { affectedWork } from '../../../scripts/dev/affected-generators.ts';
import { createDevCycle } from '../../../scripts/dev/dev-cycle.ts';
import type { Regeneration } from '../../../scripts/dev/regenerate.ts';

function harness() {
  const calls = { generated: [] as string[][], typechecks: 0, restarts: 0, introspections: 0 };
  const lines: string[] = [];
  const answers = { regeneration: [] as Regeneration[], typeErrors: 0 };
  const cycle = createDevCycle({
    regenerator: {
      introspect: () => void (calls.introspections += 1),
      run: async (generators: ReadonlySet<Generator>) => {
        calls.generated.push([...generators].sort());
        return answers.regeneration.shift() ?? { ok: true, written: ['generated/x.ts'], removed: [] };
      },
    },
    typecheck: async (print) => {
      calls.typechecks += 1;
      if (answers.typeErrors > 0) print('src/a.ts:1:1: error TS2322: nope');
      return { errors: answers.typeErrors };
    },
    restart: async () => {
      calls.restarts += 1;
      return { readyMs: 1 };
    },
    print: (line) => lines.push(line),
  });
  const edit = (...paths: string[]) => cycle.run(affectedWork(paths), performance.now());
  return { calls, lines, answers, edit };
}

test('a good edit regenerates its generators, typechecks and restarts, in one status line', async () => {
  const { calls, lines, edit } = harness();
  await edit('schema.graphql');
  assert.equal(calls.generated, [['graphql']]);
  assert.is(calls.typechecks, 1);
  assert.is(calls.restarts, 1);
  assert.is(lines.length, 1);
  assert.match(
    lines[0] ?? '',
    /^schema\.graphql: regenerated graphql \(1 written, 0 removed\) in \d+ ms, typecheck ok at \d+ ms, ready in 1 ms$/,
  );
});

test('a permissions-only edit restarts before the typecheck, whose errors still print', async () => {
  const { calls, lines, answers, edit } = harness();
  answers.typeErrors = 1;
  await edit('permissions.yaml');
  assert.is(calls.typechecks, 1);
  assert.is(calls.restarts, 1);
  assert.ok(lines.includes('src/a.ts:1:1: error TS2322: nope'));
  assert.match(
    lines.at(-1) ?? '',
    /^permissions\.yaml: regenerated permissions .*, ready in 1 ms, typecheck: 1 error\(s\) at \d+ ms \(the service runs this edit\)$/,
  );
});

test('after a type error the service lacks, a permissions edit waits for the typecheck again', async () => {
  const { calls, answers, edit } = harness();
  answers.typeErrors = 1;
  await edit('src/graphql/scalars.ts');
  await edit('permissions.yaml');
  assert.is(calls.typechecks, 2);
  assert.is(calls.restarts, 0);
});

test('a spec problem prints its line and keeps the service; the fix also runs what the broken turn held back', async () => {
  const { calls, lines, answers, edit } = harness();
  answers.regeneration.push({ ok: false, problems: ['permissions.yaml:3:5: unknown column'] });
  await edit('permissions.yaml');
  answers.regeneration.push({ ok: false, problems: ['permissions.yaml:3:5: unknown column'] });
  await edit('schema.graphql');
  assert.is(calls.typechecks, 0);
  assert.is(calls.restarts, 0);
  assert.is(lines[0], 'permissions.yaml:3:5: unknown column');
  assert.match(lines[1] ?? '', /still serving the last good version$/);
  await edit('permissions.yaml');
  assert.equal(calls.generated.at(-1), ['graphql', 'permissions']);
  assert.is(calls.restarts, 1);
});

test('a type error prints and keeps the service', async () => {
  const { calls, lines, answers, edit } = harness();
  answers.typeErrors = 1;
  await edit('src/graphql/scalars.ts');
  assert.equal(calls.generated, []);
  assert.is(calls.restarts, 0);
  assert.is(lines[0], 'src/a.ts:1:1: error TS2322: nope');
  assert.match(lines[1] ?? '', /^src\/graphql\/scalars\.ts: typecheck: 1 error\(s\) at \d+ ms; still serving/);
});

test('an edit that changes no generated file and no source does not restart', async () => {
  const { calls, lines, answers, edit } = harness();
  answers.regeneration.push({ ok: true, written: [], removed: [] });
  await edit('openapi.yaml');
  assert.is(calls.typechecks, 0);
  assert.is(calls.restarts, 0);
  assert.match(lines[0] ?? '', /nothing the service runs changed$/);
});

test('a migration introspects the database again', async () => {
  const { calls, edit } = harness();
  await edit('src/db/migrations/0099_example.ts');
  assert.is(calls.introspections, 1);
  assert.equal(calls.generated, [['database', 'permissions']]);
});

test.run();
