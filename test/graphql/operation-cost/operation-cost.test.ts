// The static cost of business API operations (src/graphql/operation-cost/operation-cost.ts,
// docs/api-limits.md#the-cost-of-an-operation) over schema.graphql itself. Each expected number is
// worked out by hand from the weights the docs page lists, not read from the table.
import { readFileSync } from 'node:fs';
import { buildSchema, getOperationAST, parse, validate } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rootFieldWeights } from '../../../src/graphql/operation-cost/field-weights.ts';
import { operationCost } from '../../../src/graphql/operation-cost/operation-cost.ts';

const schema = buildSchema(readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8'));

function costOf(text: string, variables?: Record<string, unknown>, operationName?: string) {
  const document = parse(text);
  assert.equal(validate(schema, document), [], text);
  const operation = getOperationAST(document, operationName)!;
  const measured = operationCost(schema, rootFieldWeights, document, operation, variables);
  return { cost: measured.cost, selections: Object.fromEntries(measured.selections) };
}

const aliases = (count: number, field: string) =>
  Array.from({ length: count }, (_, index) => `a${index}: ${field}`).join(' ');

test('ping is one point', () => {
  assert.equal(costOf('{ ping }'), { cost: 1, selections: { ping: 1 } });
});

test("the campaign's 700 aliases of digitalWalletDetailById(refresh: true): 700 × (10 + 1 page of recentTransactions)", () => {
  const text = `{ ${aliases(700, 'digitalWalletDetailById(id: 1, refresh: true) { id recentTransactions { id } }')} }`;
  // refreshCost 10; recentTransactions' default limit 20 is ceil(20 / 100) = 1 point.
  assert.equal(costOf(text), { cost: 700 * 11, selections: { digitalWalletDetailById: 700 } });
});

test('without refresh the detail is 2 points, and a nested list not selected adds nothing', () => {
  assert.equal(costOf('{ digitalWalletDetailById(id: 1) { id } }').cost, 2);
  assert.equal(costOf('{ digitalWalletDetailById(id: 1, refresh: false) { id } }').cost, 2);
});

test('a refresh given by a variable counts as sent, and an operation default applies', () => {
  const text = 'query D($r: Boolean = true) { digitalWalletDetailById(id: 1, refresh: $r) { id } }';
  assert.is(costOf(text).cost, 10);
  assert.is(costOf(text, { r: false }).cost, 2);
  assert.is(costOf(text, { r: true }).cost, 10);
});

test('a page adds one point per 100 items asked, clamped to its maximum of 200', () => {
  const page = (limit: string) => `{ digitalAssetsByUserId(userId: "u"${limit}) { totalCount } }`;
  assert.is(costOf(page('')).cost, 2 + 1); // default 50
  assert.is(costOf(page(', limit: 100')).cost, 2 + 1);
  assert.is(costOf(page(', limit: 101')).cost, 2 + 2);
  assert.is(costOf(page(', limit: 5000')).cost, 2 + 2); // clamped to 200
  assert.is(costOf(page(', limit: 0')).cost, 2);
  assert.is(costOf(page(', limit: 200, refresh: true')).cost, 10 + 2);
});

test('a nested page is sized by its argument: recentTransactions(limit: 100) is one point, 101 clamped to 100', () => {
  const detail = (limit: number) => `{ digitalWalletDetailById(id: 1) { recentTransactions(limit: ${limit}) { id } } }`;
  assert.is(costOf(detail(100)).cost, 2 + 1);
  assert.is(costOf(detail(101)).cost, 2 + 1);
  assert.is(costOf(detail(0)).cost, 2);
});

test('expensive fields: KYC decryption 25, PDFs 100, custodian calls 25', () => {
  assert.is(
    costOf(`{ ${aliases(3, 'sumsubQuestionnaireDataDecrypted(kycProfileId: "x") { kycProfileId }')} }`).cost,
    75,
  );
  assert.is(costOf('mutation { downloadInvoicePdf(input: { invoiceId: 1 }) { errors { code } } }').cost, 100);
  assert.is(
    costOf('mutation { createDigitalWallet(input: { label: "x", type: CUSTODIAL, coin: "BTC" }) { errors { code } } }')
      .cost,
    25,
  );
});

test('one response key runs once: repeated fields and fragments spread twice count once', () => {
  assert.equal(costOf('{ ping ping ping }'), { cost: 1, selections: { ping: 1 } });
  assert.equal(costOf('{ ...F ...F } fragment F on Query { ping }'), { cost: 1, selections: { ping: 1 } });
  assert.equal(costOf('{ ... on Query { a: ping } b: ping }'), { cost: 2, selections: { ping: 2 } });
});

test('a fragment chain doubling per link is measured in linear time', () => {
  const links = Array.from({ length: 1_000 }, (_, index) =>
    index === 0 ? 'fragment F0 on Query { ping }' : `fragment F${index} on Query { ...F${index - 1} ...F${index - 1} }`,
  );
  assert.equal(costOf(`{ ...F999 } ${links.join(' ')}`), { cost: 1, selections: { ping: 1 } });
});

test('introspection: __schema is 10 points, __typename nothing', () => {
  assert.is(costOf('{ __typename }').cost, 0);
  assert.is(costOf('{ __schema { queryType { name } } }').cost, 10);
});

test('the operation named is the one measured', () => {
  const text = 'query A { ping } query B { a: ping b: ping }';
  assert.is(costOf(text, undefined, 'A').cost, 1);
  assert.is(costOf(text, undefined, 'B').cost, 2);
});

test('variables that do not coerce leave the arguments their defaults (execution refuses the operation before any resolver)', () => {
  const text = 'query D($l: Int) { digitalAssetsByUserId(userId: "u", limit: $l) { totalCount } }';
  assert.is(costOf(text, { l: 'many' }).cost, 2 + 1);
});

test.run();
