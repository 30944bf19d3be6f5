// `access diff` checked through the real data layer over HTTP (docs/access-review.md#how-diff-is-tested):
// every witness of the corpus's mutations is put in a database that accepts it
// (replay/witness-database.ts) and replayed as the request of its role and session, once against
// the data layer serving the version that admits it and once against the other, each on its own
// loopback port (replay/version-server.ts). Select filters are read, delete filters deleted,
// update filters and checks updated, insert checks inserted (replay/replay-plan.ts,
// replay/write-replay-plans.ts): the admitting version must return or write the row, the other
// must filter it out, fail its check, or offer no such rule.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { caslRules, permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import type { CompiledPermissionRules } from '../../src/records/data-layer-sql/data-layer-rules.ts';
import type { PermissionModel } from '../../src/access/permission-model.ts';
import { sessionTypesOf } from '../../src/access-review/diff/compare-filters.ts';
import type { RuleDiff } from '../../src/access-review/diff/diff-permissions.ts';
import { judgeCorpus, witnessesOf } from './corpus/judge-corpus.ts';
import { planReadOrDelete, type ReplayAttempt, type ReplaySubject } from './replay/replay-plan.ts';
import { runReplay } from './replay/run-replay.ts';
import { startVersionServer, type VersionServer } from './replay/version-server.ts';
import { createWitnessDatabase, type WitnessDatabase } from './replay/witness-database.ts';
import { planInsert, planUpdateCheck, planUpdateRows } from './replay/write-replay-plans.ts';

const base: CompiledPermissionRules = { model: permissionModel as PermissionModel, caslRules };
const started = performance.now();
const judged = judgeCorpus(base.model, (entry) => entry.kind === 'mutation');
let database: WitnessDatabase;
let baseServer: VersionServer;

test.before(async () => {
  database = await createWitnessDatabase(base.model);
  baseServer = await startVersionServer(database, base);
});

test.after(async () => {
  await baseServer?.close();
  await database?.close();
});

function planReplay(subject: ReplaySubject): ReplayAttempt {
  if (subject.action === 'select' || subject.action === 'delete') return planReadOrDelete(subject);
  if (subject.action === 'insert') return planInsert(subject);
  return subject.part === 'rows' ? planUpdateRows(subject) : planUpdateCheck(subject);
}

test('every witness of the corpus, replayed through the data layer over HTTP, is admitted by one version only', async () => {
  const replayed: Record<string, number> = {};
  const infeasible: string[] = [];
  for (const item of judged) {
    const witnesses = witnessesOf(base.model, item);
    if (witnesses.length === 0) continue;
    const rule = item.rule as RuleDiff;
    const afterServer = await startVersionServer(database, item.afterRules);
    try {
      for (const { part, witness, admits, refuses } of witnesses) {
        const subject: ReplaySubject = {
          role: rule.role,
          table: rule.table,
          action: rule.action,
          part,
          witness,
          admits,
          refuses,
          sessionTypes: sessionTypesOf(base.model, item.after),
          database,
        };
        const attempt = planReplay(subject);
        if (attempt.kind === 'infeasible') {
          infeasible.push(`${item.entry.id} ${rule.action} ${part}: ${attempt.reason}`);
          continue;
        }
        const [yes, no] = admits === item.after ? [afterServer, baseServer] : [baseServer, afterServer];
        const admitting = await runReplay(database.db, yes, subject, attempt);
        const refusing = await runReplay(database.db, no, subject, attempt);
        assert.equal(
          [admitting.result, refusing.result],
          ['admitted', attempt.refusal],
          `${item.entry.id} ${rule.role} ${rule.table} ${rule.action} ${part} ${JSON.stringify(attempt)}\nadmitting: ${admitting.detail}\nrefusing: ${refusing.detail}`,
        );
        const kind = `${attempt.how} ${part} (${attempt.refusal})${attempt.defaulted.length > 0 ? ' with defaults' : ''}`;
        replayed[kind] = (replayed[kind] ?? 0) + 1;
      }
    } finally {
      await afterServer.close();
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${judged.length} mutations judged and their witnesses replayed over HTTP in ${seconds} s:`, replayed);
  // The diff prints only witnesses a request can realize (docs/access-review.md#write-rules-judged-as-a-whole).
  assert.equal(infeasible, []);
  assert.equal(replayed, {
    'select rows (filtered)': 74,
    'select rows (no-permission)': 6,
    'delete rows (filtered)': 19,
    'delete rows (no-permission)': 4,
    'update rows (filtered)': 30,
    'update rows (no-permission)': 4,
    'update check (check-failed)': 67,
    'update check (no-permission)': 4,
    'insert check (check-failed)': 40,
  });
});

test.run();
