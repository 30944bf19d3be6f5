// The journal's invariants held by the database itself (migration 0011; docs/ledger.md#invariants),
// proved with raw SQL that bypasses the journal module, as an operator or another slice could
// write it: each refused statement names the constraint that refused it, and nothing it did stays.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LedgerAccount } from '../../../src/access/ledger/ledger-account-record.ts';
import { createLedgerJournal, type LedgerJournal } from '../../../src/access/ledger/ledger-journal.ts';
import { assertBalanced } from './ledger-assertions.ts';
import { type LedgerTestBed, openLedgerTestBed } from './ledger-test-bed.ts';

let bed: LedgerTestBed;
let journal: LedgerJournal;
let world: LedgerAccount;
let rich: LedgerAccount;
let empty: LedgerAccount;
let ether: LedgerAccount;

test.before(async () => {
  bed = await openLedgerTestBed({ walletCount: 2 });
  journal = createLedgerJournal(bed.db);
  world = await journal.ensureAccount({ kind: 'world', asset: 'BTC' });
  rich = await journal.ensureAccount({ kind: 'wallet', walletId: bed.walletIds[0]!, asset: 'BTC' });
  empty = await journal.ensureAccount({ kind: 'wallet', walletId: bed.walletIds[1]!, asset: 'BTC' });
  ether = await journal.ensureAccount({ kind: 'world', asset: 'ETH' });
  await journal.post({
    id: 'deposit:rich-1',
    debitAccountId: world.id,
    creditAccountId: rich.id,
    asset: 'BTC',
    amount: 1_000n,
  });
  await journal.createPending({
    id: 'send:held-1',
    debitAccountId: rich.id,
    creditAccountId: world.id,
    asset: 'BTC',
    amount: 100n,
  });
});

test.after(async () => {
  await bed?.close();
});

type Statement = ReturnType<typeof sql>;

/** The constraint the statements broke, or null when they all ran; rolled back either way. */
async function violation(...statements: Statement[]): Promise<string | null> {
  try {
    await bed.db.transaction().execute(async (trx) => {
      for (const statement of statements) await statement.execute(trx);
      throw new Error('rollback');
    });
  } catch (error) {
    const constraint = (error as { constraint?: string }).constraint;
    if (constraint) return constraint;
    if ((error as Error).message === 'rollback') return null;
    throw error;
  }
  return null;
}

const transfer = (
  id: string,
  values: { debit?: number; credit?: number; asset?: string; amount?: string; kind?: string },
) =>
  sql`INSERT INTO ledger_transfer (id, kind, debit_account_id, credit_account_id, asset, amount)
      VALUES (${id}, ${values.kind ?? 'single'}, ${values.debit ?? rich.id}, ${values.credit ?? world.id},
              ${values.asset ?? 'BTC'}, ${values.amount ?? '1'})`;

const resolve = (id: string, kind: string, pendingId: string, fields: { amount?: string; debit?: number } = {}) =>
  sql`INSERT INTO ledger_transfer (id, kind, pending_id, amount, debit_account_id)
      VALUES (${id}, ${kind}, ${pendingId}, ${fields.amount ?? null}, ${fields.debit ?? null})`;

test('a transfer is never updated, deleted or truncated, not even one matching no row', async () => {
  assert.is(
    await violation(sql`UPDATE ledger_transfer SET amount = 2 WHERE id = 'deposit:rich-1'`),
    'ledger_transfer_append_only',
  );
  assert.is(
    await violation(sql`UPDATE ledger_transfer SET description = 'x' WHERE false`),
    'ledger_transfer_append_only',
  );
  assert.is(
    await violation(sql`DELETE FROM ledger_transfer WHERE id = 'deposit:rich-1'`),
    'ledger_transfer_append_only',
  );
  assert.is(await violation(sql`TRUNCATE ledger_transfer CASCADE`), 'ledger_transfer_append_only');
  assert.is(await violation(sql`UPDATE ledger_asset SET decimals = 3 WHERE code = 'USD'`), 'ledger_asset_append_only');
  assert.is(await violation(sql`DELETE FROM ledger_link`), 'ledger_link_append_only');
});

test('balances change only with a transfer: a direct UPDATE, a call of the moving function, an opening balance are refused', async () => {
  const raise = sql`UPDATE ledger_account SET credits_posted = credits_posted + 1 WHERE id = ${empty.id}`;
  assert.is(await violation(raise), 'ledger_account_projection');
  assert.is(
    await violation(sql`UPDATE ledger_account SET kind = 'world' WHERE id = ${empty.id}`),
    'ledger_account_projection',
  );
  assert.is(await violation(sql`SELECT ledger_account_move(${empty.id}, 0, 5, 0, 0)`), 'ledger_account_projection');
  assert.is(
    await violation(sql`DO $$ BEGIN UPDATE ledger_account SET debits_posted = 0; END $$`),
    'ledger_account_projection',
  );
  assert.is(await violation(sql`DELETE FROM ledger_account WHERE id = ${empty.id}`), 'ledger_account_kept');
  const opening = sql`INSERT INTO ledger_account (kind, asset, may_go_negative, credits_posted) VALUES ('otc_desk', 'BTC', true, 5)`;
  assert.is(await violation(opening), 'ledger_account_opening_balance');
});

test('which kinds may go negative, and which hold coins only, is the database’s', async () => {
  const wallet = (mayGoNegative: boolean, asset: string, coin: string | null) =>
    sql`INSERT INTO ledger_account (kind, asset, coin, wallet_id, may_go_negative)
        VALUES ('wallet', ${asset}, ${coin}, ${bed.walletIds[1]!}, ${mayGoNegative})`;
  assert.is(await violation(wallet(true, 'ETH', 'ETH')), 'ledger_account_overdraft_kind');
  assert.is(await violation(wallet(false, 'USD', null)), 'ledger_account_coin_kind');
  assert.is(await violation(wallet(false, 'USD', 'USD')), 'ledger_account_coin_asset');
  assert.is(await violation(wallet(false, 'ETH', 'ETH')), null);
  const worldWithOwner = sql`INSERT INTO ledger_account (kind, asset, wallet_id, may_go_negative)
    VALUES ('world', 'USD', ${bed.walletIds[0]!}, true)`;
  assert.is(await violation(worldWithOwner), 'ledger_account_owner');
  assert.is(await violation(sql`UPDATE coin SET decimals = 9 WHERE symbol = 'BTC'`), 'ledger_asset_coin_decimals');
});

test('a transfer moves a positive amount of one asset between two accounts that hold it', async () => {
  assert.is(await violation(transfer('raw:eth-1', { asset: 'ETH' })), 'ledger_transfer_debit_account');
  assert.is(
    await violation(transfer('raw:eth-2', { debit: ether.id, asset: 'ETH' })),
    'ledger_transfer_credit_account',
  );
  assert.is(await violation(transfer('raw:eth-3', { debit: ether.id })), 'ledger_transfer_debit_account');
  assert.is(await violation(transfer('raw:same-1', { credit: rich.id })), 'ledger_transfer_accounts_differ');
  assert.is(await violation(transfer('raw:zero-1', { amount: '0' })), 'ledger_transfer_amount_check');
  assert.is(await violation(transfer('raw:neg-1', { amount: '-5' })), 'ledger_transfer_amount_check');
  assert.is(await violation(transfer('not an event key', {})), 'ledger_transfer_id_check');
  assert.is(await violation(transfer('deposit:rich-1', {})), 'ledger_transfer_pkey');
  assert.is(await violation(transfer('raw:ok-1', {})), null);
});

test('a wallet is never overdrawn: posted debits and holds together stay within its credits', async () => {
  assert.is(await violation(transfer('raw:overdraft-1', { debit: empty.id })), 'ledger_account_funds');
  assert.is(await violation(transfer('raw:overdraft-2', { amount: '901' })), 'ledger_account_funds');
  assert.is(await violation(transfer('raw:overdraft-3', { amount: '901', kind: 'pending' })), 'ledger_account_funds');
  assert.is(await violation(transfer('raw:exact-1', { amount: '900' })), null);
  assert.is(await violation(transfer('raw:world-1', { debit: world.id, credit: empty.id, amount: '99999' })), null);
});

test('a post or void resolves an existing pending transfer once, within its amount and accounts', async () => {
  assert.is(
    await violation(resolve('raw:post-1', 'post_pending', 'send:held-1', { amount: '101' })),
    'ledger_transfer_post_amount',
  );
  assert.is(
    await violation(resolve('raw:void-1', 'void_pending', 'send:held-1', { amount: '99' })),
    'ledger_transfer_void_amount',
  );
  const otherAccount = resolve('raw:post-2', 'post_pending', 'send:held-1', { debit: empty.id });
  assert.is(await violation(otherAccount), 'ledger_transfer_resolution_accounts');
  assert.is(await violation(resolve('raw:post-3', 'post_pending', 'deposit:rich-1')), 'ledger_transfer_pending_kind');
  assert.is(await violation(resolve('raw:post-4', 'post_pending', 'raw:nothing')), 'ledger_transfer_pending_id_fkey');
  const singleWithPending = sql`INSERT INTO ledger_transfer (id, kind, debit_account_id, credit_account_id, asset, amount, pending_id)
    VALUES ('raw:single-1', 'single', ${rich.id}, ${world.id}, 'BTC', 1, 'send:held-1')`;
  assert.is(await violation(singleWithPending), 'ledger_transfer_resolution');
  const twice = [
    resolve('raw:post-5', 'post_pending', 'send:held-1'),
    resolve('raw:void-5', 'void_pending', 'send:held-1'),
  ];
  assert.is(await violation(...twice), 'ledger_transfer_pending_id_key');
});

test('a post left to inherit takes the pending transfer’s accounts, asset and amount, in the same transaction', async () => {
  const before = (await journal.account(rich.id))!.balances;
  await bed.db.transaction().execute(async (trx) => {
    await resolve('raw:post-6', 'post_pending', 'send:held-1').execute(trx);
    const inside = await sql<{ debits_posted: string; debits_pending: string }>`
      SELECT debits_posted, debits_pending FROM ledger_account WHERE id = ${rich.id}`.execute(trx);
    assert.equal(inside.rows[0], { debits_posted: String(before.debitsPosted + 100n), debits_pending: '0' });
  });
  const posted = await journal.transfer('raw:post-6');
  assert.equal(
    [posted!.debitAccountId, posted!.creditAccountId, posted!.asset, posted!.amount],
    [rich.id, world.id, 'BTC', 100n],
  );
  await assertBalanced(bed.db);
});

test('a linked group is posted by one transaction: a later one cannot join it', async () => {
  const member = (id: string) =>
    sql`INSERT INTO ledger_transfer (id, kind, debit_account_id, credit_account_id, asset, amount, linked_id)
        VALUES (${id}, 'single', ${world.id}, ${empty.id}, 'BTC', 1, 'raw:group-1')`;
  await bed.db.transaction().execute(async (trx) => {
    await member('raw:group-1:leg1').execute(trx);
    await member('raw:group-1:leg2').execute(trx);
  });
  assert.is(await violation(member('raw:group-1:leg3')), 'ledger_link_closed');
  const members = await sql<{
    id: string;
  }>`SELECT id FROM ledger_transfer WHERE linked_id = 'raw:group-1' ORDER BY id`.execute(bed.db);
  assert.equal(
    members.rows.map((row) => row.id),
    ['raw:group-1:leg1', 'raw:group-1:leg2'],
  );
});

test.run();
