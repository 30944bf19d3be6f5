// Property test of the data layer (docs/data-layer.md#how-it-is-tested): random roles, session
// values, `where` filters, relation selections, orderings and pages, sent over HTTP to the
// running service on the demo data (with NULLs spread over every nullable column), and every
// answer compared with an independent reference evaluation of permissions.yaml over the same
// rows (test/data-layer/reference: the YAML read directly, rules evaluated in JavaScript). No
// row, column or aggregate outside what the rules allow, none missing.
// PROPERTY_RUNS sets the number of cases, PROPERTY_SEED replays a failure.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestService, type TestService } from '../support/test-service.ts';
import { asRole, dataOf, demo, postGraphql, type DataResponse } from './data-layer-client.ts';
import { checkResponseData } from './reference/check-response.ts';
import type { DataCase } from './reference/data-case.ts';
import { expectedOutcome, type Outcome } from './reference/expected-outcome.ts';
import { createDataCaseGenerator } from './reference/generate-data-case.ts';
import { loadReferenceDatabase, type ReferenceDatabase } from './reference/reference-database.ts';
import { adminRole, loadReferenceRules, trackedTableNames, type ReferenceRules } from './reference/reference-rules.ts';
import { renderGraphql } from './reference/render-graphql.ts';
import { spreadNulls } from './reference/spread-nulls.ts';

const runs = Number(process.env.PROPERTY_RUNS ?? 3000);
const seed = process.env.PROPERTY_SEED === undefined ? undefined : Number(process.env.PROPERTY_SEED);

let service: TestService;
let database: ReferenceDatabase;
let rules: ReferenceRules;

test.before(async () => {
  // Thousands of requests a run: API_RATE_LIMIT (docs/identity.md#rate-limits) is not what is tested here.
  service = await startTestService({ SEED: 'demo', API_RATE_LIMIT: '0' });
  const nulled = await spreadNulls(service.databaseUrl, trackedTableNames());
  assert.ok(nulled > 20, `NULLs spread over ${nulled} columns`);
  console.log(`    property: a NULL set in ${nulled} nullable columns`);
  database = await loadReferenceDatabase(service.databaseUrl, trackedTableNames());
  rules = loadReferenceRules(database);
});

test.after(async () => {
  await service?.stop();
});

function headersOf(dataCase: DataCase): Record<string, string> {
  return dataCase.role === adminRole ? asRole(null) : asRole(dataCase.role, { ...dataCase.sessionHeaders });
}

async function send(dataCase: DataCase): Promise<DataResponse> {
  return postGraphql(service, renderGraphql(dataCase, rules, database), { headers: headersOf(dataCase) });
}

/** What is wrong with the response, judged by the reference outcome; empty when it agrees. */
function disagreements(dataCase: DataCase, outcome: Outcome, response: DataResponse): string[] {
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

test('every answer agrees with the reference evaluation of permissions.yaml', async () => {
  const generate = createDataCaseGenerator(rules, database);
  const tally = { data: 0, permission: 0, session: 0, objects: 0, nonEmpty: 0, unusedSessionProblem: 0 };
  await fc.assert(
    fc.asyncProperty(fc.gen(), async (g) => {
      const dataCase = generate(g);
      const outcome = expectedOutcome(dataCase, rules, database);
      const response = await send(dataCase);
      const problems = disagreements(dataCase, outcome, response);
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
    { numRuns: runs, ...(seed === undefined ? {} : { seed }), endOnFailure: false, includeErrorInReport: true },
  );
  // The generator must mostly ask for data the role can read, find some, now and then be
  // refused, and now and then get data without a variable no used rule needs (floors far below
  // the observed proportions; too noisy for short runs).
  if (runs >= 1000) {
    assert.ok(tally.data >= runs * 0.6, `data cases ${JSON.stringify(tally)}`);
    assert.ok(tally.nonEmpty >= runs * 0.3, `cases with rows ${JSON.stringify(tally)}`);
    assert.ok(tally.permission >= runs * 0.02 && tally.session >= runs * 0.002, `refusals ${JSON.stringify(tally)}`);
    assert.ok(tally.unusedSessionProblem >= runs * 0.002, `data without an unused variable ${JSON.stringify(tally)}`);
  }
  console.log(`    property: ${runs} cases, ${JSON.stringify(tally)}`);
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

test.run();
