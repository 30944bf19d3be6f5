// bitgoSyncWalletTransactions through the real service against the custody simulator over loopback
// HTTP (schema.graphql Mutation.bitgoSyncWalletTransactions; docs/custody.md#syncing-transfers):
// paging with the custodian's cursor, resuming after the custodian failed mid-way, idempotent runs,
// state changes counted once, the cursor handed out and refused, one sync per wallet at a time.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CustodyTransfer } from '../../src/providers/custody/custody-provider.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { startCustodyFake } from '../support/provider-fakes/custody-fake.ts';
import {
  custodyMutation,
  custodyScopes,
  linkedWallet,
  organizations,
  storedTransfers,
} from './support/custody-fixtures.ts';

const custody = await startCustodyFake();
const api = await startBusinessApi({ seed: 'demo', providers: [custody] });
const alice = await api.key({ organization: organizations.aurora, owner: 'demo-alice', scopes: custodyScopes });

const sync = (input: Record<string, unknown>, headers: Record<string, string> = {}) =>
  custodyMutation(api, 'sync', alice.secret, input, headers);
const counts = (payload: any) => [
  payload.success,
  payload.sync.syncedCount,
  payload.sync.insertedCount,
  payload.sync.updatedCount,
  payload.sync.nextCursor === null,
];

/** A wallet with `count` deposits; every tenth is unconfirmed. */
async function walletWithDeposits(count: number) {
  const wallet = await linkedWallet(api, custody, { organizationId: organizations.aurora, owner: 'demo-alice' });
  const deposits: CustodyTransfer[] = [];
  for (let index = 0; index < count; index += 1)
    deposits.push(
      custody.simulator.control.receive({
        walletId: wallet.custodian.id,
        amount: String(index + 1),
        confirmed: index % 10 !== 0,
      }),
    );
  return { ...wallet, deposits };
}

/** Every transfer of the wallet as the custodian lists it, as [id, state, amount], sorted. */
async function custodianBooks(custodianWalletId: string): Promise<string[][]> {
  const books: string[][] = [];
  let prevId: string | null = null;
  do {
    const batch = await custody.client.listTransfers({
      coin: 'btc',
      walletId: custodianWalletId,
      limit: 500,
      ...(prevId === null ? {} : { prevId }),
    });
    books.push(...batch.transfers.map((transfer) => [transfer.id, transfer.state, transfer.amount]));
    prevId = batch.nextBatchPrevId;
  } while (prevId !== null);
  return books.sort();
}

async function storedBooks(walletId: number): Promise<string[][]> {
  return (await storedTransfers(api, walletId))
    .map((row) => [row.transfer_id as string, row.state as string, row.amount as string])
    .sort();
}

test.after(() => api.close());

test('a custodian failure on page 2 keeps page 1; the next sync continues and ends with the full set; a third changes nothing', async () => {
  const { walletId, custodian } = await walletWithDeposits(250);
  custody.failNextRequest(
    (method, url) => method === 'GET' && url.pathname.endsWith('/transfer') && url.searchParams.has('prevId'),
  );
  assert.equal(await sync({ walletId }, { 'x-request-id': 'sync-unavailable-1' }), {
    success: false,
    errors: [
      {
        code: 'PROVIDER_ERROR',
        message: 'the custodian is unavailable; retry in 5 seconds (requestId sync-unavailable-1)',
        field: null,
      },
    ],
    sync: null,
  });
  assert.is((await storedTransfers(api, walletId)).length, 100);

  const resumed = await sync({ walletId });
  assert.equal(counts(resumed), [true, 150, 150, 0, true]);
  assert.is(resumed.sync.walletId, walletId);
  assert.equal(await storedBooks(walletId), await custodianBooks(custodian.id));

  const before = await storedTransfers(api, walletId);
  const again = await sync({ walletId });
  // The run re-reads what changed since shortly before the last one started: all of it, changing nothing.
  assert.equal(counts(again), [true, 250, 0, 0, true]);
  assert.equal(await storedTransfers(api, walletId), before);
});

test('a state change at the custodian is one update at the next sync', async () => {
  const { walletId, custodian, deposits } = await walletWithDeposits(30);
  assert.equal(counts(await sync({ walletId })), [true, 30, 30, 0, true]);
  const unconfirmed = deposits.filter((deposit) => deposit.state === 'unconfirmed');
  for (const deposit of unconfirmed) custody.simulator.control.confirmTransfer(deposit.id);
  assert.equal(counts(await sync({ walletId })), [true, 30, 0, unconfirmed.length, true]);
  assert.equal(await storedBooks(walletId), await custodianBooks(custodian.id));
  assert.equal(
    (await storedTransfers(api, walletId)).filter((row) => row.state === 'confirmed' && row.confirmed_at === null),
    [],
  );
});

test('a call reads at most 500 transfers: its nextCursor continues the run, and so does the stored progress', async () => {
  const { walletId, custodian } = await walletWithDeposits(520);
  const first = await sync({ walletId });
  assert.equal(counts(first), [true, 500, 500, 0, false]);
  const rest = await sync({ walletId });
  assert.equal(counts(rest), [true, 20, 20, 0, true]);
  assert.equal(await storedBooks(walletId), await custodianBooks(custodian.id));
  const fromCursor = await sync({ walletId, cursor: first.sync.nextCursor });
  assert.equal(counts(fromCursor), [true, 20, 0, 0, true]);
});

test('a cursor this service did not hand out for the wallet is VALIDATION_FAILED', async () => {
  const { walletId } = await walletWithDeposits(3);
  const other = await walletWithDeposits(1);
  const forOther = Buffer.from(
    JSON.stringify({ w: other.walletId, p: 'ab'.repeat(16), d: null, s: '2026-01-01T00:00:00.000Z' }),
  ).toString('base64url');
  const unknownTransfer = Buffer.from(
    JSON.stringify({ w: walletId, p: 'ab'.repeat(16), d: null, s: '2026-01-01T00:00:00.000Z' }),
  ).toString('base64url');
  for (const cursor of ['not a cursor', 'e30', forOther, unknownTransfer])
    assert.equal(await sync({ walletId, cursor }), {
      success: false,
      errors: [
        {
          code: 'VALIDATION_FAILED',
          message: 'cursor is not a cursor this service handed out for this wallet',
          field: ['cursor'],
        },
      ],
      sync: null,
    });
  assert.equal(await storedTransfers(api, walletId), []);
});

test('a stored run whose cursor the custodian no longer knows starts over', async () => {
  const { walletId } = await walletWithDeposits(5);
  await api.rows(
    `INSERT INTO digital_wallet_transfer_sync (wallet_id, run_started_at, run_prev_id) VALUES ($1, now(), $2)`,
    [walletId, 'cd'.repeat(16)],
  );
  assert.equal(counts(await sync({ walletId })), [true, 5, 5, 0, true]);
});

test('a sync of a wallet that is already syncing is a CONFLICT; a wallet not at the custodian is INVALID_STATE', async () => {
  const { walletId } = await walletWithDeposits(2);
  await api.rows(
    `INSERT INTO digital_wallet_transfer_sync (wallet_id, lease_token, lease_until) VALUES ($1, gen_random_uuid(), now() + interval '1 hour')`,
    [walletId],
  );
  assert.equal(await sync({ walletId }), {
    success: false,
    errors: [{ code: 'CONFLICT', message: `a sync of wallet ${walletId} is already running`, field: ['walletId'] }],
    sync: null,
  });
  assert.equal(await storedTransfers(api, walletId), []);
  // An expired lease (a node that stopped mid-run) does not block.
  await api.rows(
    `UPDATE digital_wallet_transfer_sync SET lease_until = now() - interval '1 second' WHERE wallet_id = $1`,
    [walletId],
  );
  assert.equal(counts(await sync({ walletId })), [true, 2, 2, 0, true]);

  const rows = await api.rows(
    `INSERT INTO digital_wallet (organization_id, label, coin, wallet_type) VALUES ($1, 'off the books', 'BTC', 'custodial') RETURNING id`,
    [organizations.aurora],
  );
  const unlinked = await sync({ walletId: rows[0].id });
  assert.equal(
    unlinked.errors.map((error: any) => [error.code, error.field]),
    [['INVALID_STATE', ['walletId']]],
  );
});

test.run();
