// Cached business results follow writes from every path (docs/caches.md#writes-from-every-path):
// a wallet frozen through the data layer, and a balance changed by a journal posting made in plain
// SQL (its projection writes digital_wallet_asset; docs/ledger.md#wallet-holdings), show in the next
// read of results cached before the write, on this node and on a second node of the same
// database, as soon as the database's notification arrives: well within a bounded wait, not after
// the results' 30-second (aggregates: 2-minute) lifetime. Each result is shown cached first (the
// same `asOf` on a second read), so what changes it is the notification.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startBusinessApi } from '../support/business-api-client.ts';
import { type TestApiKey } from '../support/test-api-keys.ts';
import { startTestNode } from '../support/test-service.ts';
import { asRole, dataOf, postGraphql } from '../data-layer/data-layer-client.ts';
import { aurora } from './support/scope-callers.ts';

const api = await startBusinessApi({ seed: 'demo' });
const secondNode = await startTestNode(api.service.databaseUrl);
const reader: TestApiKey = await api.key({ name: 'cache reader', organization: aurora, scopes: ['read'] });

test.after(async () => {
  await secondNode.stop();
  await api.close();
});

/** Far below the 30 s lifetime the results had to wait out before; the notification takes milliseconds. */
const boundMs = 5_000;

const walletFields = 'status asOf assets { symbol balance }';

async function ask(url: string, query: string): Promise<any> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': reader.secret },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: any; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`expected data, got ${JSON.stringify(body)}`);
  return body.data;
}

const summary = async (walletId: number, url = api.service.url) =>
  (await ask(url, `{ digitalWalletSummaryById(id: ${walletId}) { ${walletFields} } }`)).digitalWalletSummaryById;
const detail = async (walletId: number, url = api.service.url) =>
  (await ask(url, `{ digitalWalletDetailById(id: ${walletId}) { ${walletFields} } }`)).digitalWalletDetailById;
const netWorth = async (url = api.service.url) =>
  (await ask(url, `{ netWorthUsdByOrganizationId(organizationId: "${aurora}") { usdValue asOf } }`))
    .netWorthUsdByOrganizationId;

/**
 * Reads until two reads in a row answer the same stored result (same asOf), or nothing here tests
 * the cache. The nodes' first price refreshes, just after they start, rightly drop results once.
 */
async function cached<T extends { asOf: string }>(read: () => Promise<T>, what: string): Promise<T> {
  let previous = await read();
  return within(`${what} is served from the cache`, read, (value) => {
    const same = JSON.stringify(value) === JSON.stringify(previous);
    previous = value;
    return same;
  });
}

/** Reads until `holds` is true of the answer; fails naming `what` once the bound has passed. */
async function within<T>(what: string, read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (performance.now() - started > boundMs) throw new Error(`not within ${boundMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const walletsAdmin = asRole('digital_wallets_admin', {
  'x-data-organization-id': aurora,
  'x-data-user-id': 'demo-frank',
});

test('a wallet frozen through the data layer is FROZEN in the cached summary and detail, on both nodes', async () => {
  const walletId = 1;
  const before = {
    summary: await cached(() => summary(walletId), 'the summary'),
    detail: await cached(() => detail(walletId), 'the detail'),
    secondSummary: await cached(() => summary(walletId, secondNode.url), "the second node's summary"),
    secondDetail: await cached(() => detail(walletId, secondNode.url), "the second node's detail"),
  };
  for (const view of Object.values(before)) assert.is(view.status, 'ACTIVE');
  const frozen = dataOf(
    await postGraphql(
      api.service,
      `mutation { update_digital_wallet_by_pk(pk_columns: {id: ${walletId}}, _set: {status: "frozen"}) { status } }`,
      { headers: walletsAdmin },
    ),
  );
  assert.equal(frozen.update_digital_wallet_by_pk, { status: 'frozen' });
  const isFrozen = (view: { status: string }) => view.status === 'FROZEN';
  await within('the summary is FROZEN', () => summary(walletId), isFrozen);
  await within('the detail is FROZEN', () => detail(walletId), isFrozen);
  await within("the second node's summary is FROZEN", () => summary(walletId, secondNode.url), isFrozen);
  await within("the second node's detail is FROZEN", () => detail(walletId, secondNode.url), isFrozen);
});

test('a balance projected from a posting made by plain SQL shows in the cached summary and net worth, on both nodes', async () => {
  const walletId = 2;
  const [holding] = await api.rows(
    `SELECT symbol, trim_scale(balance)::text AS balance FROM digital_wallet_asset WHERE wallet_id = $1 ORDER BY symbol LIMIT 1`,
    [walletId],
  );
  const balanceOf = (view: { assets: { symbol: string; balance: string }[] }) =>
    view.assets.find((asset) => asset.symbol === holding.symbol)?.balance;
  const here = await cached(() => summary(walletId), 'the summary');
  const there = await cached(() => summary(walletId, secondNode.url), "the second node's summary");
  const worth = await cached(() => netWorth(), 'the net worth');
  const worthThere = await cached(() => netWorth(secondNode.url), "the second node's net worth");
  assert.equal([balanceOf(here), balanceOf(there)], [holding.balance, holding.balance]);
  // A deposit posted to the journal by SQL, as an operator or a job would; its projection writes the holding.
  await api.rows(`SELECT ledger_deposit($1, $2, 1, 'test:cache-follows-writes')`, [walletId, holding.symbol]);
  const [changed] = await api.rows(
    `SELECT trim_scale(balance)::text AS balance FROM digital_wallet_asset WHERE wallet_id = $1 AND symbol = $2`,
    [walletId, holding.symbol],
  );
  assert.is.not(changed.balance, holding.balance);
  const shows = (view: { assets: { symbol: string; balance: string }[] }) => balanceOf(view) === changed.balance;
  await within('the summary shows the new balance', () => summary(walletId), shows);
  await within("the second node's summary shows it", () => summary(walletId, secondNode.url), shows);
  const recomputed = (previous: { asOf: string }) => (value: { asOf: string; usdValue: string }) =>
    value.asOf !== previous.asOf;
  const after = await within('the net worth is recomputed', () => netWorth(), recomputed(worth));
  await within("the second node's net worth is recomputed", () => netWorth(secondNode.url), recomputed(worthThere));
  assert.is.not(after.usdValue, worth.usdValue, 'one more unit of a priced coin');
});

test.run();
