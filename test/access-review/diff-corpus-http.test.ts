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
import type { CompiledPermissionRules } from '../../src/access/data-layer-sql/data-layer-rules.ts';
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

/**
 * The witnesses no request can realize (docs/access-review.md#how-diff-is-tested): the widening or
 * narrowing is real in the rule's part the diff compares, but the data layer never writes such a
 * row: the client may not give the column the check reads and its default makes both versions
 * agree, a preset writes another value, or the update's filter (the same in both versions) keeps
 * every row the update could reach on one side of the check.
 */
const notReplayable = [
  'mutation-007 insert check: the client may not give status, and with the default the versions agree',
  'mutation-009 insert check: the client may not give status, and with the default the versions agree',
  'mutation-010 insert check: the client may not give status, and with the default the versions agree',
  'mutation-046 insert check: the client may not give status, and with the default the versions agree',
  'mutation-047 insert check: the client may not give status, and with the default the versions agree',
  'mutation-048 insert check: the client may not give status, and with the default the versions agree',
  'mutation-049 insert check: a preset writes another value than the witness names',
  'mutation-082 insert check: the client may not give status, and with the default the versions agree',
  "mutation-085 update check: no row the filters admit becomes the witness's row by an update (in place: none exists; from other values: none exists)",
  'mutation-115 insert check: the client may not give status, and with the default the versions agree',
  'mutation-116 insert check: the client may not give status, and with the default the versions agree',
  "mutation-117 update check: no row the filters admit becomes the witness's row by an update (in place: none exists; from other values: none exists)",
  "mutation-121 update check: no row the filters admit becomes the witness's row by an update (in place: none exists; from other values: none exists)",
  'mutation-149 insert check: the client may not give status, and with the default the versions agree',
  "mutation-152 update check: no row the filters admit becomes the witness's row by an update (in place: none exists; from other values: none exists)",
  'mutation-160 insert check: the client may not give status, and with the default the versions agree',
  "mutation-172 update rows: no update of the witness's row passes the check (in place: none exists; setting other values: the completed witness does not separate the versions)",
  "mutation-185 update check: no row the filters admit becomes the witness's row by an update (in place: none exists; from other values: none exists)",
  'mutation-186 insert check: the client may not give status, and with the default the versions agree',
  'mutation-187 insert check: the client may not give status, and with the default the versions agree',
  "mutation-192 update check: no row the filters admit becomes the witness's row by an update (in place: none exists; from other values: none exists)",
  "mutation-194 update check: no row the filters admit becomes the witness's row by an update (in place: none exists; from other values: the witness and its completion name one row two ways)",
  "mutation-195 update check: no row the filters admit becomes the witness's row by an update (in place: none exists; from other values: the completed witness does not separate the versions)",
  'mutation-218 insert check: the client may not give status, and with the default the versions agree',
  'mutation-219 insert check: the client may not give status, and with the default the versions agree',
  'mutation-220 insert check: a preset writes another value than the witness names',
  'mutation-225 insert check: the client may not give status, and with the default the versions agree',
];

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
  assert.equal(infeasible, notReplayable);
  assert.equal(replayed, {
    'select rows (filtered)': 74,
    'select rows (no-permission)': 6,
    'delete rows (filtered)': 19,
    'delete rows (no-permission)': 4,
    'update rows (filtered)': 30,
    'update rows (no-permission)': 4,
    'update check (check-failed)': 67,
    'update check (no-permission)': 4,
    'insert check (check-failed)': 39,
    'insert check (check-failed) with defaults': 1,
  });
});

test.run();
