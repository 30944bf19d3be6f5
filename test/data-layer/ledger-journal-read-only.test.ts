// The double-entry journal served read-only by the data layer (docs/permissions.md#read-only-tables,
// docs/ledger.md#reading): after postings through createLedgerJournal, the auditor and the admin
// secret read accounts and transfers, their relationships and aggregates, each figure equal to one
// computed by plain SQL over the tables; no other role has a journal field; and no insert, update
// or delete root field exists for them, the admin secret's included, so nothing in the journal changes.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLedgerJournal } from '../../src/records/ledger/ledger-journal.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import { asRole, dataOf, demo, errorOf, postGraphql } from './data-layer-client.ts';

let service: TestService;

const auditor = asRole('auditor');
const admin = asRole(null);
const readers = { auditor, admin } as const;

/** Beyond 64 bits: sums must be exact decimals, never floats. */
const wei = 2n ** 70n + 12_345n;
/** What the test posts, in order, beside the demo data's opening deposits (docs/ledger.md#wallet-holdings). */
const posted = [
  'deposit:btc-1',
  'deposit:btc-2',
  'send:t-1',
  'send:t-1:post',
  'send:t-2',
  'send:t-3',
  'send:t-3:fee',
  'deposit:eth-1',
];

test.before(async () => {
  service = await startTestService({ SEED: 'demo' });
  const journal = createLedgerJournal(service.db);
  const world = await journal.ensureAccount({ kind: 'world', asset: 'BTC' });
  const aurora = await journal.ensureAccount({ kind: 'wallet', walletId: 1, asset: 'BTC' });
  const meridian = await journal.ensureAccount({ kind: 'wallet', walletId: 5, asset: 'BTC' });
  const fee = await journal.ensureAccount({ kind: 'network_fee', asset: 'BTC' });
  const ethWorld = await journal.ensureAccount({ kind: 'world', asset: 'ETH' });
  const treasury = await journal.ensureAccount({ kind: 'wallet', walletId: 2, asset: 'ETH' });
  const btc = (debit: { id: number }, credit: { id: number }, amount: bigint) => ({
    debitAccountId: debit.id,
    creditAccountId: credit.id,
    asset: 'BTC',
    amount,
  });
  await journal.post({ id: 'deposit:btc-1', ...btc(world, aurora, 150_000_000n), description: 'A deposit' });
  await journal.post({ id: 'deposit:btc-2', ...btc(world, meridian, 7_000n), metadata: { txHash: 'ab12' } });
  await journal.createPending({ id: 'send:t-1', ...btc(aurora, world, 20_000_000n) });
  await journal.postPending({ id: 'send:t-1:post', pendingId: 'send:t-1', amount: 15_000_000n });
  await journal.createPending({ id: 'send:t-2', ...btc(aurora, world, 1_000n) });
  await journal.postLinked('send:t-3', [
    { kind: 'single', id: 'send:t-3', ...btc(aurora, world, 2_500n) },
    { kind: 'single', id: 'send:t-3:fee', ...btc(aurora, fee, 300n) },
  ]);
  await journal.post({
    id: 'deposit:eth-1',
    debitAccountId: ethWorld.id,
    creditAccountId: treasury.id,
    asset: 'ETH',
    amount: wei,
  });
});

test.after(async () => {
  await service?.stop();
});

async function rows<Row>(query: ReturnType<typeof sql<Row>>): Promise<Row[]> {
  return (await query.execute(service.db)).rows;
}

async function query(headers: Record<string, string>, text: string) {
  return dataOf(await postGraphql(service, text, { headers }));
}

/** Everything of the journal as plain SQL reads it: the oracle and the proof nothing changed. */
async function journalSnapshot() {
  return {
    assets: await rows(sql`SELECT code, decimals, coin FROM ledger_asset ORDER BY code`),
    accounts: await rows(
      sql`SELECT id, kind, asset, wallet_id, debits_posted::text, credits_posted::text, debits_pending::text,
                 credits_pending::text FROM ledger_account ORDER BY id`,
    ),
    transfers: await rows(
      sql`SELECT id, position::text, kind, debit_account_id, credit_account_id, asset, amount::text, pending_id,
                 linked_id, description, metadata FROM ledger_transfer ORDER BY position`,
    ),
  };
}

test('auditor and admin read every transfer with its accounts, as SQL reads them', async () => {
  const expected = await rows<Record<string, unknown>>(
    sql`SELECT t.id, t.position::text AS position, t.kind, t.asset, t.amount::text AS amount, t.pending_id,
               t.linked_id, t.description, t.metadata,
               json_build_object('kind', d.kind, 'wallet_id', d.wallet_id) AS debit_account,
               json_build_object('kind', c.kind, 'wallet_id', c.wallet_id) AS credit_account
        FROM ledger_transfer t JOIN ledger_account d ON d.id = t.debit_account_id
        JOIN ledger_account c ON c.id = t.credit_account_id ORDER BY t.position`,
  );
  assert.equal(
    expected.map((row) => row.id).filter((id) => posted.includes(id as string)),
    posted,
  );
  for (const [name, headers] of Object.entries(readers)) {
    const data = await query(
      headers,
      `{ ledger_transfer(order_by: {position: asc}) { id position kind asset amount pending_id linked_id
          description metadata debit_account { kind wallet_id } credit_account { kind wallet_id } } }`,
    );
    assert.equal(data.ledger_transfer, expected, name);
  }
});

test('auditor and admin aggregate transfers and accounts per asset: counts and exact sums equal SQL over the tables', async () => {
  const transfers = await rows<{ asset: string; count: number; amount: string; largest: string }>(
    sql`SELECT asset, count(*)::int AS count, sum(amount)::text AS amount, max(amount)::text AS largest
        FROM ledger_transfer GROUP BY asset ORDER BY asset`,
  );
  const accounts = await rows<Record<string, string | number>>(
    sql`SELECT asset, count(*)::int AS count, sum(debits_posted)::text AS debits_posted,
               sum(credits_posted)::text AS credits_posted, sum(debits_pending)::text AS debits_pending,
               sum(credits_pending)::text AS credits_pending
        FROM ledger_account GROUP BY asset ORDER BY asset`,
  );
  // The oracle agrees with the postings above, worked out by hand.
  const ours = await rows<{ asset: string; count: number; amount: string }>(
    sql`SELECT asset, count(*)::int AS count, sum(amount)::text AS amount FROM ledger_transfer
        WHERE id = ANY(${posted}) GROUP BY asset ORDER BY asset`,
  );
  assert.equal(ours, [
    { asset: 'BTC', count: 7, amount: String(150_000_000 + 7_000 + 20_000_000 + 15_000_000 + 1_000 + 2_500 + 300) },
    { asset: 'ETH', count: 1, amount: wei.toString() },
  ]);
  const assets = transfers.map((row) => row.asset);
  assert.ok(assets.includes('BTC') && assets.includes('ETH') && assets.length > 2, assets.join());
  assert.equal(
    accounts.map((row) => row.asset),
    assets,
  );
  for (const [name, headers] of Object.entries(readers)) {
    for (const [index, asset] of assets.entries()) {
      const data = await query(
        headers,
        `{ ledger_transfer_aggregate(where: {asset: {_eq: "${asset}"}}) {
             aggregate { count sum { amount } max { amount } } }
           ledger_account_aggregate(where: {asset: {_eq: "${asset}"}}) {
             aggregate { count sum { debits_posted credits_posted debits_pending credits_pending } } } }`,
      );
      const transfer = data.ledger_transfer_aggregate.aggregate;
      assert.equal(
        [transfer.count, transfer.sum.amount, transfer.max.amount],
        [transfers[index]?.count, transfers[index]?.amount, transfers[index]?.largest],
        `${name} ${asset} transfers`,
      );
      const { count, ...columns } = accounts[index] as Record<string, string | number>;
      delete columns.asset;
      assert.equal(data.ledger_account_aggregate.aggregate.count, count, `${name} ${asset} accounts`);
      assert.equal(data.ledger_account_aggregate.aggregate.sum, columns, `${name} ${asset} balances`);
      // Double entry: per asset, debits equal credits, posted and pending alike.
      assert.is(columns.debits_posted, columns.credits_posted);
      assert.is(columns.debits_pending, columns.credits_pending);
    }
  }
});

test("an account's transfers both ways, its asset, and a pending transfer's resolution", async () => {
  const [aurora] = await rows<{ id: number }>(
    sql`SELECT id FROM ledger_account WHERE kind = 'wallet' AND wallet_id = 1 AND asset = 'BTC'`,
  );
  const ids = async (column: 'debit_account_id' | 'credit_account_id') =>
    (
      await rows<{ id: string }>(
        sql`SELECT id FROM ledger_transfer WHERE ${sql.ref(column)} = ${aurora?.id} ORDER BY position`,
      )
    ).map((row) => ({ id: row.id }));
  for (const [name, headers] of Object.entries(readers)) {
    const data = await query(
      headers,
      `{ ledger_account_by_pk(id: ${aurora?.id}) { kind wallet_id ledger_asset { code decimals coin }
           debit_transfers(order_by: {position: asc}) { id } credit_transfers(order_by: {position: asc}) { id } }
         ledger_transfer_by_pk(id: "send:t-1") { kind resolutions { id kind amount pending_transfer { id } } } }`,
    );
    assert.equal(
      data.ledger_account_by_pk,
      {
        kind: 'wallet',
        wallet_id: 1,
        ledger_asset: { code: 'BTC', decimals: 8, coin: 'BTC' },
        debit_transfers: await ids('debit_account_id'),
        credit_transfers: await ids('credit_account_id'),
      },
      name,
    );
    assert.equal(data.ledger_transfer_by_pk, {
      kind: 'pending',
      resolutions: [
        { id: 'send:t-1:post', kind: 'post_pending', amount: '15000000', pending_transfer: { id: 'send:t-1' } },
      ],
    });
  }
  // The admin secret follows account → wallet too; the auditor, who reads no wallet, has no such field.
  const wallet = await query(admin, `{ ledger_account_by_pk(id: ${aurora?.id}) { wallet { id organization_id } } }`);
  assert.equal(wallet.ledger_account_by_pk.wallet, { id: 1, organization_id: demo.aurora });
  const refused = errorOf(
    await postGraphql(service, `{ ledger_account_by_pk(id: ${aurora?.id}) { wallet { id } } }`, { headers: auditor }),
  );
  assert.equal(
    [refused.extensions.code, refused.message],
    ['VALIDATION_FAILED', "field 'wallet' not found in type 'ledger_account' (unknown field or no permission)"],
  );
});

test('no other role has a journal field', async () => {
  const others = {
    organization_admin: asRole('organization_admin', {
      'x-data-organization-id': demo.aurora,
      'x-data-user-id': 'demo-alice',
    }),
    digital_wallets_admin: asRole('digital_wallets_admin', {
      'x-data-organization-id': demo.aurora,
      'x-data-user-id': 'demo-frank',
    }),
    accounting: asRole('accounting', { 'x-data-organization-id': demo.aurora, 'x-data-user-id': 'demo-carol' }),
    compliance: asRole('compliance'),
    front_office: asRole('front_office'),
  };
  for (const [role, headers] of Object.entries(others)) {
    for (const field of ['ledger_transfer', 'ledger_account_aggregate', 'ledger_asset']) {
      const error = errorOf(await postGraphql(service, `{ ${field} { __typename } }`, { headers }));
      assert.equal(
        [error.extensions.code, error.message],
        ['VALIDATION_FAILED', `field '${field}' not found in type 'query_root' (unknown field or no permission)`],
        `${role} ${field}`,
      );
    }
  }
});

test('no insert, update or delete of the journal for admin or auditor: no such root field, and nothing changes', async () => {
  const before = await journalSnapshot();
  const [account] = await rows<{ id: number }>(sql`SELECT min(id)::int AS id FROM ledger_account`);
  const mutations = [
    `insert_ledger_transfer(objects: [{id: "deposit:forged", kind: "single", debit_account_id: 1, credit_account_id: 2, asset: "BTC", amount: "1"}]) { affected_rows }`,
    `insert_ledger_transfer_one(object: {id: "deposit:forged"}) { id }`,
    `update_ledger_transfer(where: {}, _set: {amount: "1"}) { affected_rows }`,
    `update_ledger_transfer_by_pk(pk_columns: {id: "deposit:btc-1"}, _set: {amount: "1"}) { id }`,
    `delete_ledger_transfer(where: {}) { affected_rows }`,
    `delete_ledger_transfer_by_pk(id: "deposit:btc-1") { id }`,
    `insert_ledger_account(objects: [{kind: "world", asset: "USD", may_go_negative: true}]) { affected_rows }`,
    `update_ledger_account(where: {}, _set: {credits_posted: "1000000000"}) { affected_rows }`,
    `update_ledger_account_by_pk(pk_columns: {id: ${account?.id}}, _set: {debits_posted: "0"}) { id }`,
    `delete_ledger_account(where: {}) { affected_rows }`,
    `delete_ledger_account_by_pk(id: ${account?.id}) { id }`,
    `insert_ledger_asset_one(object: {code: "EUR", decimals: 2}) { code }`,
    `delete_ledger_asset(where: {}) { affected_rows }`,
    `delete_audit_log(where: {}) { affected_rows }`,
  ];
  for (const mutation of mutations) {
    const field = mutation.slice(0, mutation.indexOf('('));
    const refusedAdmin = errorOf(await postGraphql(service, `mutation { ${mutation} }`, { headers: admin }));
    assert.equal(
      [refusedAdmin.extensions.code, refusedAdmin.message],
      ['VALIDATION_FAILED', `field '${field}' not found in type 'mutation_root' (unknown field or no permission)`],
      `admin ${field}`,
    );
    const refusedAuditor = errorOf(await postGraphql(service, `mutation { ${mutation} }`, { headers: auditor }));
    assert.equal(
      [refusedAuditor.extensions.code, refusedAuditor.message],
      ['VALIDATION_FAILED', 'no mutations exist for this role (unknown operation or no permission)'],
      `auditor ${field}`,
    );
  }
  assert.equal(await journalSnapshot(), before);
  // The admin secret still writes the tables not marked read_only.
  const written = dataOf(
    await postGraphql(
      service,
      'mutation { update_coin(where: {symbol: {_eq: "BTC"}}, _set: {name: "Bitcoin"}) { affected_rows } }',
      {
        headers: admin,
      },
    ),
  );
  assert.is(written.update_coin.affected_rows, 1);
});

test.run();
