// Property test of the data layer (docs/data-layer.md#how-it-is-tested): random roles, session
// values, `where` filters, relation selections, orderings and pages, sent over HTTP to the
// running service on the demo data (with NULLs spread over every nullable column), and every
// answer compared with an independent reference evaluation of permissions.yaml over the same
// rows (test/data-layer/reference: the YAML read directly, rules evaluated in JavaScript). No
// row, column or aggregate outside what the rules allow, none missing.
// PROPERTY_RUNS sets the number of cases, PROPERTY_SEED replays a failure.
import fc from 'fast-check';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestService, type TestService } from '../support/test-service.ts';
import { asRole, dataOf, demo, postGraphql, type DataResponse } from './data-layer-client.ts';
import { placeBoundaryRows } from './reference/boundary-rows.ts';
import { checkResponseData } from './reference/check-response.ts';
import type { DataCase } from './reference/data-case.ts';
import { evaluateBoolExp, type EvaluationContext } from './reference/evaluate-bool-exp.ts';
import { expectedOutcome, type Outcome } from './reference/expected-outcome.ts';
import { createDataCaseGenerator } from './reference/generate-data-case.ts';
import { loadReferenceDatabase, type ReferenceDatabase } from './reference/reference-database.ts';
import { adminRole, loadReferenceRules, trackedTableNames, type ReferenceRules } from './reference/reference-rules.ts';
import { extraPermissionsFile, startExtraRulesServer, type ExtraRulesServer } from './reference/extra-rules-server.ts';
import { renderGraphql } from './reference/render-graphql.ts';
import { spreadNulls } from './reference/spread-nulls.ts';

const runs = Number(process.env.PROPERTY_RUNS ?? 3000);
/** Cases on the roles of extra-permissions.yaml: a tenth of the run, at least 300 by default. */
const extraRuns = Number(process.env.PROPERTY_EXTRA_RUNS ?? Math.max(300, Math.round(runs / 10)));
const seed = process.env.PROPERTY_SEED === undefined ? undefined : Number(process.env.PROPERTY_SEED);

let service: TestService;
let database: ReferenceDatabase;
let rules: ReferenceRules;
let extra: ExtraRulesServer;
let extraRules: ReferenceRules;

/** A data layer under test with the rules it serves, as the reference reads them. */
interface Target {
  readonly name: string;
  readonly rules: ReferenceRules;
  readonly includeAdmin: boolean;
  send(dataCase: DataCase): Promise<DataResponse>;
}

const serviceTarget = (): Target => ({
  name: 'permissions.yaml',
  rules,
  includeAdmin: true,
  send: (dataCase) => postGraphql(service, renderGraphql(dataCase, rules, database), { headers: headersOf(dataCase) }),
});

const extraTarget = (): Target => ({
  name: 'extra-permissions.yaml',
  rules: extraRules,
  includeAdmin: false,
  send: (dataCase) =>
    postGraphql({ dataUrl: extra.dataUrl } as TestService, renderGraphql(dataCase, extraRules, database), {
      headers: extra.headers(dataCase.role, dataCase.sessionHeaders),
    }),
});

test.before(async () => {
  // Thousands of requests a run: API_RATE_LIMIT (docs/identity.md#rate-limits) is not what is tested here.
  service = await startTestService({ SEED: 'demo', API_RATE_LIMIT: '0' });
  const nulled = await spreadNulls(service.databaseUrl, trackedTableNames());
  assert.ok(nulled > 20, `NULLs spread over ${nulled} columns`);
  console.log(`    property: a NULL set in ${nulled} nullable columns`);
  assert.is(await placeBoundaryRows(service.databaseUrl), 7, 'boundary rows for the column comparisons');
  database = await loadReferenceDatabase(service.databaseUrl, trackedTableNames());
  rules = loadReferenceRules(database);
  extraRules = loadReferenceRules(database, extraPermissionsFile);
  extra = await startExtraRulesServer(service.databaseUrl);
});

test.after(async () => {
  await extra?.close();
  await service?.stop();
});

function headersOf(dataCase: DataCase): Record<string, string> {
  return dataCase.role === adminRole ? asRole(null) : asRole(dataCase.role, { ...dataCase.sessionHeaders });
}

const send = (dataCase: DataCase): Promise<DataResponse> => serviceTarget().send(dataCase);

/** What is wrong with the response, judged by the reference outcome; empty when it agrees. */
function disagreements(dataCase: DataCase, outcome: Outcome, response: DataResponse, rules: ReferenceRules): string[] {
  const { errors, data } = response.body;
  switch (outcome.kind) {
    case 'session-error': {
      // The message names exactly the variables the reference found missing (or the malformed one).
      const message = errors?.[0]?.message.toLowerCase() ?? '';
      const named = [...rules.sessionVariableTypes.keys()].filter((variable) => message.includes(variable));
      return response.status === 400 &&
        errors?.length === 1 &&
        errors[0]?.extensions.code === 'BAD_REQUEST' &&
        JSON.stringify(named.sort()) === JSON.stringify([...outcome.variables].sort())
        ? []
        : [
            `expected 400 BAD_REQUEST naming ${outcome.variables.join(', ')} (${outcome.reason}), got ${response.status} ${response.text.slice(0, 500)}`,
          ];
    }
    case 'permission-error': {
      const refused =
        response.status === 200 &&
        !data &&
        (errors?.length ?? 0) > 0 &&
        errors!.every((error) => error.extensions.code === 'VALIDATION_FAILED' && error.message.includes('permission'));
      return refused
        ? []
        : [
            `expected a permission error (${outcome.reasons.join('; ')}), got ${response.status} ${response.text.slice(0, 500)}`,
          ];
    }
    case 'data':
      if (response.status !== 200 || errors)
        return [`expected data, got ${response.status} ${response.text.slice(0, 500)}`];
      return checkResponseData(dataCase, data, rules, database, outcome.session);
  }
}

/** Objects in a response: a measure of how much data the run compared. */
const countObjects = (value: unknown): number =>
  Array.isArray(value)
    ? value.reduce((sum: number, item) => sum + countObjects(item), 0)
    : value !== null && typeof value === 'object'
      ? 1 + Object.values(value).reduce((sum: number, item) => sum + countObjects(item), 0)
      : 0;

/** Runs `count` generated cases against the target; returns the tally of outcomes. */
async function runProperty(target: Target, count: number) {
  const { rules } = target;
  const generate = createDataCaseGenerator(rules, database, { includeAdmin: target.includeAdmin });
  const tally = { data: 0, permission: 0, session: 0, objects: 0, nonEmpty: 0, unusedSessionProblem: 0 };
  await fc.assert(
    fc.asyncProperty(fc.gen(), async (g) => {
      const dataCase = generate(g);
      const outcome = expectedOutcome(dataCase, rules, database);
      const response = await target.send(dataCase);
      const problems = disagreements(dataCase, outcome, response, rules);
      if (problems.length > 0) {
        throw new Error(
          `${problems.slice(0, 10).join('\n')}\nrole ${dataCase.role} ${JSON.stringify(dataCase.sessionHeaders)}\n${renderGraphql(dataCase, rules, database)}`,
        );
      }
      const { kind } = outcome;
      tally[kind === 'data' ? 'data' : kind === 'session-error' ? 'session' : 'permission'] += 1;
      if (kind === 'data') {
        // Data although a variable of the role is missing or malformed: no rule the case uses needs it.
        if ((rules.roles.get(dataCase.role) ?? []).some((variable) => !outcome.session.has(variable)))
          tally.unusedSessionProblem += 1;
        const objects = countObjects(response.body.data);
        tally.objects += objects;
        if (objects > dataCase.rootFields.length) tally.nonEmpty += 1;
      }
    }),
    { numRuns: count, ...(seed === undefined ? {} : { seed }), endOnFailure: false, includeErrorInReport: true },
  );
  console.log(`    property (${target.name}): ${count} cases, ${JSON.stringify(tally)}`);
  return tally;
}

test('every answer agrees with the reference evaluation of permissions.yaml', async () => {
  const tally = await runProperty(serviceTarget(), runs);
  // The generator must mostly ask for data the role can read, find some, now and then be
  // refused, and now and then get data without a variable no used rule needs (floors far below
  // the observed proportions; too noisy for short runs).
  if (runs >= 1000) {
    assert.ok(tally.data >= runs * 0.6, `data cases ${JSON.stringify(tally)}`);
    assert.ok(tally.nonEmpty >= runs * 0.3, `cases with rows ${JSON.stringify(tally)}`);
    assert.ok(tally.permission >= runs * 0.02 && tally.session >= runs * 0.002, `refusals ${JSON.stringify(tally)}`);
    assert.ok(tally.unusedSessionProblem >= runs * 0.002, `data without an unused variable ${JSON.stringify(tally)}`);
  }
});

test('every answer agrees with the reference evaluation of the test-only rules (_exists, _ceq, patterns, jsonb)', async () => {
  const tally = await runProperty(extraTarget(), extraRuns);
  if (extraRuns >= 300) {
    assert.ok(tally.data >= extraRuns * 0.5, `data cases ${JSON.stringify(tally)}`);
    assert.ok(tally.nonEmpty >= extraRuns * 0.2, `cases with rows ${JSON.stringify(tally)}`);
  }
});

test('each test-only rule admits some rows and hides others (none is vacuous)', () => {
  const sessions: Record<string, Map<string, string>> = {
    probe_auditor: new Map([['x-data-user-id', 'demo-alice']]),
    probe_billing: new Map([['x-data-organization-id', demo.aurora]]),
    probe_compliance: new Map(),
  };
  const counts: string[] = [];
  for (const [role, session] of Object.entries(sessions)) {
    const context: EvaluationContext = { rules: extraRules, database, role, session, visibleRows: () => [] };
    for (const table of extraRules.trackedTables) {
      const rule = extraRules.select(role, table);
      if (!rule) continue;
      const rows = database.table(table).rows;
      const admitted = rows.filter((row) => evaluateBoolExp(rule.filter, table, row, context, 'rule') === true).length;
      counts.push(`${role}.${table} ${admitted}/${rows.length}`);
      assert.ok(admitted > 0 && admitted < rows.length, `${role} on ${table}: ${admitted} of ${rows.length} rows`);
    }
  }
  console.log(`    test-only rules admit: ${counts.join(', ')}`);
});

test('the reference notices a missing row, a foreign row, an extra column and a changed value', async () => {
  const dataCase: DataCase = {
    role: 'organization_admin',
    sessionHeaders: { 'x-data-user-id': 'demo-alice', 'x-data-organization-id': demo.aurora },
    rootFields: [
      {
        kind: 'list',
        table: 'digital_wallet',
        args: { orderBy: [] },
        selection: { columns: ['id', 'label'], relations: [] },
      },
    ],
  };
  const response = await send(dataCase);
  const outcome = expectedOutcome(dataCase, rules, database);
  assert.is(outcome.kind, 'data');
  if (outcome.kind !== 'data') return;
  const wallets = dataOf(response).r0 as { id: number; label: string }[];
  assert.ok(wallets.length >= 2, 'Aurora has wallets');
  const check = (rows: unknown[]) => checkResponseData(dataCase, { r0: rows }, rules, database, outcome.session);
  assert.equal(check(wallets), []);
  const foreign = database.table('digital_wallet').rows.find((row) => row.organization_id === demo.meridian);
  assert.ok(foreign, 'Meridian has a wallet');
  assert.ok(check(wallets.slice(1)).length > 0, 'a missing row');
  assert.ok(
    check([...wallets.slice(1), { id: Number(foreign.id), label: foreign.label }]).length > 0,
    'a row of another organization',
  );
  assert.ok(
    check(wallets.map((wallet) => ({ ...wallet, organization_id: demo.aurora }))).length > 0,
    'a column not selected',
  );
  assert.ok(
    check(wallets.map((wallet, index) => (index === 0 ? { ...wallet, label: `${wallet.label}!` } : wallet))).length > 0,
    'a changed value',
  );
});

// Last: it writes. The update rule of extra-permissions.yaml checks `_nlike`, `_regex` and
// `_has_keys_all` on the written row (compile-bool-exp.ts's update-check compiler); the stored row
// is read back with plain SQL.
test('an update rule check with the new operators: a passing update writes, a failing one writes nothing', async () => {
  const target = database.table('invoice').rows.find((row) => row.organization_id === demo.aurora);
  assert.ok(target, 'Aurora has an invoice');
  const headers = extra.headers('probe_billing', { 'x-data-organization-id': demo.aurora });
  const update = (set: string) =>
    postGraphql(
      { dataUrl: extra.dataUrl } as TestService,
      `mutation { update_invoice(where: {id: {_eq: ${Number(target.id)}}}, _set: ${set}) { affected_rows } }`,
      { headers },
    );
  const stored = async () => {
    const client = new pg.Client({ connectionString: service.databaseUrl });
    await client.connect();
    try {
      const result = await client.query('SELECT internal_notes, cost_breakdown FROM invoice WHERE id = $1', [
        target.id,
      ]);
      return result.rows[0];
    } finally {
      await client.end();
    }
  };
  const passing = await update(
    '{internal_notes: "Checked in review", cost_breakdown: {currency: "CHF", components: []}}',
  );
  assert.equal(passing.body, { data: { update_invoice: { affected_rows: 1 } } }, passing.text);
  assert.equal(await stored(), {
    internal_notes: 'Checked in review',
    cost_breakdown: { currency: 'CHF', components: [] },
  });
  for (const set of [
    '{internal_notes: "A forbidden note"}',
    '{internal_notes: "1 note"}',
    '{internal_notes: "Fine", cost_breakdown: {currency: "CHF"}}',
  ]) {
    const failing = await update(set);
    assert.is(failing.body.errors?.[0]?.extensions.code, 'FORBIDDEN', `${set}: ${failing.text}`);
    assert.match(failing.body.errors?.[0]?.message ?? '', /check constraint of an update permission has failed/);
    assert.equal(await stored(), {
      internal_notes: 'Checked in review',
      cost_breakdown: { currency: 'CHF', components: [] },
    });
  }
});

test.run();
