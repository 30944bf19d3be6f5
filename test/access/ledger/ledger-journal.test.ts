// The journal module (src/access/ledger/ledger-journal.ts; docs/ledger.md) on a real PostgreSQL:
// accounts opened once per key, balanced postings with exact balances, idempotent replays and
// conflicting ones, each refusal as its typed error, two-phase transfers posted (partly) or
// voided, linked groups all or nothing, postings inside the caller's transaction, and reading an
// account's transfers page by page.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LedgerAccount } from '../../../src/access/ledger/ledger-account-record.ts';
import { createLedgerJournal, type LedgerJournal } from '../../../src/access/ledger/ledger-journal.ts';
import { assertBalanced, refusal } from './ledger-assertions.ts';
import { type LedgerTestBed, openLedgerTestBed } from './ledger-test-bed.ts';

const btc = 100_000_000n;

let bed: LedgerTestBed;
let journal: LedgerJournal;
let world: LedgerAccount;
let alice: LedgerAccount;
let bob: LedgerAccount;
let carol: LedgerAccount;
let fees: LedgerAccount;

test.before(async () => {
  bed = await openLedgerTestBed({ walletCount: 3 });
  journal = createLedgerJournal(bed.db);
  world = await journal.ensureAccount({ kind: 'world', asset: 'BTC' });
  const wallets = await Promise.all(
    bed.walletIds.map((walletId) => journal.ensureAccount({ kind: 'wallet', walletId, asset: 'BTC' })),
  );
  [alice, bob, carol] = wallets as [LedgerAccount, LedgerAccount, LedgerAccount];
  fees = await journal.ensureAccount({ kind: 'network_fee', asset: 'BTC' });
  await journal.post({
    id: 'deposit:alice-1',
    debitAccountId: world.id,
    creditAccountId: alice.id,
    asset: 'BTC',
    amount: 5n * btc,
  });
});

test.after(async () => {
  await bed?.close();
});

async function available(account: LedgerAccount): Promise<bigint> {
  return (await journal.account(account.id))!.balances.available;
}

const move = (id: string, from: LedgerAccount, to: LedgerAccount, amount: bigint) => ({
  id,
  debitAccountId: from.id,
  creditAccountId: to.id,
  asset: 'BTC',
  amount,
});

test('one account per key, whoever opens it and however often; which kinds may go negative', async () => {
  const key = { kind: 'wallet', walletId: bed.walletIds[0]!, asset: 'ETH' } as const;
  const opened = await Promise.all(Array.from({ length: 10 }, () => journal.ensureAccount(key)));
  assert.equal(new Set(opened.map((account) => account.id)).size, 1);
  assert.is(opened[0]!.mayGoNegative, false);
  assert.is(world.mayGoNegative, true);
  assert.is(fees.mayGoNegative, false);
  const desk = await journal.ensureAccount({ kind: 'otc_desk', asset: 'USD' });
  assert.equal([desk.kind, desk.asset, desk.mayGoNegative], ['otc_desk', 'USD', true]);
  const capital = await journal.ensureAccount({
    kind: 'fund_capital',
    fundId: bed.fundId,
    userId: bed.investorUserId,
    asset: 'USD',
  });
  assert.equal([capital.fundId, capital.userId, capital.mayGoNegative], [bed.fundId, bed.investorUserId, false]);
  const assets = await sql<{ code: string; decimals: number; coin: string | null }>`
    SELECT code, decimals, coin FROM ledger_asset ORDER BY code`.execute(bed.db);
  assert.equal(assets.rows, [
    { code: 'BTC', decimals: 8, coin: 'BTC' },
    { code: 'ETH', decimals: 18, coin: 'ETH' },
    { code: 'USD', decimals: 2, coin: null },
  ]);
});

test('an account refuses an asset that is no coin for a wallet, an unknown asset, an unknown owner', async () => {
  await refusal(
    () => journal.ensureAccount({ kind: 'wallet', walletId: bed.walletIds[0]!, asset: 'USD' }),
    'not_a_coin',
  );
  await refusal(() => journal.ensureAccount({ kind: 'world', asset: 'XYZ' }), 'unknown_asset');
  await refusal(() => journal.ensureAccount({ kind: 'wallet', walletId: 999_999, asset: 'BTC' }), 'unknown_owner');
  await refusal(
    () => journal.ensureAccount({ kind: 'fund_capital', fundId: bed.fundId, userId: 'nobody', asset: 'USD' }),
    'unknown_owner',
  );
});

test('a posting moves its amount from the debit account to the credit account; every asset stays balanced', async () => {
  const before = [await journal.account(alice.id), await journal.account(bob.id)];
  const { transfer, replayed } = await journal.post({
    ...move('send:balanced-1', alice, bob, 12_345n),
    description: 'Alice pays Bob',
    metadata: { custodianTransferId: 'abc', amount: '12345' },
  });
  assert.is(replayed, false);
  assert.equal(
    [transfer.kind, transfer.amount, transfer.pendingId, transfer.linkedId],
    ['single', 12_345n, null, null],
  );
  const [aliceAfter, bobAfter] = [await journal.account(alice.id), await journal.account(bob.id)];
  assert.is(aliceAfter!.balances.debitsPosted - before[0]!.balances.debitsPosted, 12_345n);
  assert.is(bobAfter!.balances.creditsPosted - before[1]!.balances.creditsPosted, 12_345n);
  assert.is(aliceAfter!.balances.posted, before[0]!.balances.posted - 12_345n);
  assert.is(bobAfter!.balances.posted, before[1]!.balances.posted + 12_345n);
  await assertBalanced(bed.db);
});

test('the same id again answers the stored transfer and posts nothing; other content is refused', async () => {
  const request = { ...move('send:replay-1', alice, carol, 700n), metadata: { a: 1, b: { c: [1, 2] } } };
  const first = await journal.post(request);
  const carolBalance = await available(carol);
  const again = await journal.post({ ...request, metadata: { b: { c: [1, 2] }, a: 1 } });
  assert.is(again.replayed, true);
  assert.equal(again.transfer, first.transfer);
  assert.is(await available(carol), carolBalance);
  const conflict = await refusal(() => journal.post({ ...request, amount: 701n }), 'transfer_conflict');
  assert.match(conflict.message, /send:replay-1.*amount/);
  await refusal(() => journal.post({ ...request, metadata: { a: 2 } }), 'transfer_conflict');
  await refusal(() => journal.createPending(request), 'transfer_conflict');
});

test('each refusal is its own typed error, naming the transfer and the account', async () => {
  const overdraft = await refusal(
    () => journal.post(move('send:overdraft-1', bob, world, 10n * btc)),
    'insufficient_funds',
  );
  assert.equal([overdraft.transferId, overdraft.accountId], ['send:overdraft-1', bob.id]);
  assert.match(overdraft.message, new RegExp(`account ${bob.id} has too little available`));
  await refusal(() => journal.post(move('send:same-1', alice, alice, 1n)), 'same_account');
  const mismatch = await refusal(
    () => journal.post({ ...move('send:eth-1', world, alice, 1n), asset: 'ETH' }),
    'asset_mismatch',
  );
  assert.is(mismatch.accountId, world.id);
  assert.match(mismatch.message, /holds BTC/);
  const unknown = await refusal(
    () => journal.post({ ...move('send:nobody-1', alice, world, 1n), creditAccountId: 999_999 }),
    'unknown_account',
  );
  assert.is(unknown.accountId, 999_999);
  await refusal(() => journal.post(move('no colon', alice, world, 1n)), 'invalid_transfer');
  await refusal(() => journal.post(move('send:zero-1', alice, world, 0n)), 'invalid_transfer');
  await refusal(() => journal.post(move('send:huge-1', world, alice, 10n ** 78n)), 'invalid_transfer');
  await refusal(() => journal.post({ ...move('send:text-1', alice, world, 1n), description: '' }), 'invalid_transfer');
  assert.is(await journal.transfer('send:overdraft-1'), null);
  await assertBalanced(bed.db);
});

test('a pending transfer holds its amount; posting less posts that and releases the rest', async () => {
  await journal.post(move('deposit:bob-1', world, bob, 1_000n));
  const bobBefore = (await journal.account(bob.id))!.balances;
  const worldBefore = (await journal.account(world.id))!.balances;
  await journal.createPending(move('send:two-phase-1', bob, world, 300n));
  const held = (await journal.account(bob.id))!.balances;
  assert.equal([held.posted, held.debitsPending, held.available], [bobBefore.posted, 300n, bobBefore.available - 300n]);
  assert.is((await journal.account(world.id))!.balances.creditsPending, worldBefore.creditsPending + 300n);
  const posted = await journal.postPending({
    id: 'send:two-phase-1:post',
    pendingId: 'send:two-phase-1',
    amount: 200n,
  });
  assert.equal(
    [posted.transfer.kind, posted.transfer.amount, posted.transfer.debitAccountId, posted.transfer.asset],
    ['post_pending', 200n, bob.id, 'BTC'],
  );
  const after = (await journal.account(bob.id))!.balances;
  assert.equal(
    [after.posted, after.debitsPending, after.available],
    [bobBefore.posted - 200n, 0n, bobBefore.available - 200n],
  );
  const worldAfter = (await journal.account(world.id))!.balances;
  assert.equal([worldAfter.posted, worldAfter.creditsPending], [worldBefore.posted + 200n, worldBefore.creditsPending]);
  assert.is(
    (await journal.postPending({ id: 'send:two-phase-1:post', pendingId: 'send:two-phase-1', amount: 200n })).replayed,
    true,
  );
  await refusal(
    () => journal.voidPending({ id: 'send:two-phase-1:void', pendingId: 'send:two-phase-1' }),
    'already_resolved',
  );
  await assertBalanced(bed.db);
});

test('a voided pending transfer held while it stood, then holds nothing and pays nothing', async () => {
  const before = (await journal.account(bob.id))!.balances;
  await journal.createPending(move('send:void-1', bob, world, before.available));
  await refusal(() => journal.post(move('send:while-held-1', bob, carol, 1n)), 'insufficient_funds');
  const voided = await journal.voidPending({ id: 'send:void-1:void', pendingId: 'send:void-1' });
  assert.equal([voided.transfer.kind, voided.transfer.amount], ['void_pending', before.available]);
  assert.equal((await journal.account(bob.id))!.balances, before);
  await refusal(() => journal.postPending({ id: 'send:void-1:post', pendingId: 'send:void-1' }), 'already_resolved');
});

test('a post or void must name a pending transfer it agrees with', async () => {
  await journal.createPending(move('send:pending-2', alice, world, 50n));
  await refusal(
    () => journal.postPending({ id: 'send:pending-2:post', pendingId: 'send:pending-2', amount: 51n }),
    'post_exceeds_pending',
  );
  await refusal(() => journal.postPending({ id: 'send:missing:post', pendingId: 'send:missing' }), 'pending_not_found');
  await refusal(() => journal.voidPending({ id: 'send:single:void', pendingId: 'deposit:alice-1' }), 'not_pending');
  const whole = await journal.postPending({ id: 'send:pending-2:post', pendingId: 'send:pending-2' });
  assert.is(whole.transfer.amount, 50n);
});

test('a linked group posts all of its transfers or none', async () => {
  const carolBefore = (await journal.account(carol.id))!.balances;
  const failing = await refusal(
    () =>
      journal.postLinked('trade:linked-1', [
        { ...move('trade:linked-1:leg1', world, carol, 400n), kind: 'single' },
        { ...move('trade:linked-1:leg2', bob, world, 10n * btc), kind: 'single' },
      ]),
    'insufficient_funds',
  );
  assert.is(failing.transferId, 'trade:linked-1:leg2');
  assert.is(await journal.transfer('trade:linked-1:leg1'), null);
  assert.equal((await journal.account(carol.id))!.balances, carolBefore);
  const group = [
    { ...move('trade:linked-1:leg1', world, carol, 400n), kind: 'single' as const },
    { ...move('trade:linked-1:leg2', carol, fees, 100n), kind: 'single' as const },
  ];
  const posted = await journal.postLinked('trade:linked-1', group);
  assert.equal(
    posted.transfers.map((transfer) => [transfer.id, transfer.linkedId]),
    [
      ['trade:linked-1:leg1', 'trade:linked-1'],
      ['trade:linked-1:leg2', 'trade:linked-1'],
    ],
  );
  assert.is((await journal.account(carol.id))!.balances.posted, carolBefore.posted + 300n);
  assert.is((await journal.postLinked('trade:linked-1', group)).replayed, true);
  await refusal(() => journal.postLinked('trade:linked-1', [group[0]!]), 'transfer_conflict');
  await refusal(() => journal.post(group[0]!), 'transfer_conflict');
  const late = { ...move('trade:linked-1:leg3', world, carol, 1n), kind: 'single' as const };
  await refusal(() => journal.postLinked('trade:linked-1', [late]), 'linked_group_closed');
  await assertBalanced(bed.db);
});

test("inside the caller's transaction a posting commits or rolls back with the caller's rows", async () => {
  const before = await available(alice);
  await bed.db
    .transaction()
    .execute(async (trx) => {
      await createLedgerJournal(trx).post(move('send:rolled-back-1', alice, world, 10n));
      throw new Error('the caller fails after posting');
    })
    .catch(() => {});
  assert.is(await journal.transfer('send:rolled-back-1'), null);
  assert.is(await available(alice), before);
  await bed.db.transaction().execute(async (trx) => {
    await createLedgerJournal(trx).post(move('send:committed-1', alice, world, 10n));
  });
  assert.is(await available(alice), before - 10n);
});

test("an account's transfers, newest first, page by page", async () => {
  const all = await journal.transfersOf(carol.id, { limit: 500 });
  const fromModel = await sql<{ id: string }>`SELECT id FROM ledger_transfer
    WHERE debit_account_id = ${carol.id} OR credit_account_id = ${carol.id} ORDER BY position DESC`.execute(bed.db);
  assert.equal(
    all.map((transfer) => transfer.id),
    fromModel.rows.map((row) => row.id),
  );
  assert.ok(all.length >= 3);
  const first = await journal.transfersOf(carol.id, { limit: 2 });
  const second = await journal.transfersOf(carol.id, { limit: 2, before: first[1]!.position });
  assert.equal(
    [...first, ...second].map((transfer) => transfer.id),
    all.slice(0, 4).map((transfer) => transfer.id),
  );
});

test.run();
