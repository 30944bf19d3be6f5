// A wallet's holdings as a projection of the journal (migration 0012; docs/ledger.md#wallet-holdings):
// `digital_wallet_asset.balance` follows the wallet account's posted balance and
// `available_balance` what it may still send, in the transfer's own transaction; neither can be
// written any other way; `ledger_deposit` posts whole coins from the world and refuses amounts
// that are no whole number of base units. Expected figures are computed here from the amounts.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LedgerAccount } from '../../../src/records/ledger/ledger-account.ts';
import { createLedgerJournal, type LedgerJournal } from '../../../src/records/ledger/ledger-journal.ts';
import { assertBalanced } from './ledger-assertions.ts';
import { type LedgerTestBed, openLedgerTestBed } from './ledger-test-bed.ts';

let bed: LedgerTestBed;
let journal: LedgerJournal;
let walletId: number;

test.before(async () => {
  bed = await openLedgerTestBed({ walletCount: 2 });
  journal = createLedgerJournal(bed.db);
  walletId = bed.walletIds[0]!;
});

test.after(async () => {
  await bed.close();
});

async function holding(symbol: string, wallet = walletId) {
  const { rows } = await sql<{ balance: string; available: string }>`
    SELECT balance::text AS balance, available_balance::text AS available FROM digital_wallet_asset
    WHERE wallet_id = ${wallet} AND symbol = ${symbol}`.execute(bed.db);
  return rows[0] ?? null;
}

async function refusedWith(statement: ReturnType<typeof sql>, constraint: string): Promise<void> {
  try {
    await statement.execute(bed.db);
  } catch (error) {
    assert.is((error as { constraint?: string }).constraint, constraint, String(error));
    return;
  }
  assert.unreachable(`not refused: ${constraint}`);
}

test('a deposit opens the holding row with the posted and available balance in whole coins', async () => {
  assert.is(await holding('BTC'), null);
  await sql`SELECT ledger_deposit(${walletId}, 'BTC', 1.5, 'test:deposit-1')`.execute(bed.db);
  assert.equal(await holding('BTC'), { balance: '1.500000000000000000', available: '1.500000000000000000' });
  const [transfer] = (
    await sql<{
      amount: string;
    }>`SELECT amount::text AS amount FROM ledger_transfer WHERE id = 'test:deposit-1'`.execute(bed.db)
  ).rows;
  assert.is(transfer!.amount, '150000000', '1.5 BTC in satoshi');
});

test('a pending send lowers only the available balance; posting it lowers the balance; a void restores it', async () => {
  const from: LedgerAccount = (await journal.findAccount({ kind: 'wallet', walletId, asset: 'BTC' }))!;
  const world = (await journal.findAccount({ kind: 'world', asset: 'BTC' }))!;
  const send = { debitAccountId: from.id, creditAccountId: world.id, asset: 'BTC' };
  await journal.createPending({ id: 'send:held-1', ...send, amount: 20_000_000n });
  assert.equal(await holding('BTC'), { balance: '1.500000000000000000', available: '1.300000000000000000' });
  await journal.postPending({ id: 'send:held-1:post', pendingId: 'send:held-1' });
  assert.equal(await holding('BTC'), { balance: '1.300000000000000000', available: '1.300000000000000000' });
  await journal.createPending({ id: 'send:held-2', ...send, amount: 30_000_000n });
  assert.equal(await holding('BTC'), { balance: '1.300000000000000000', available: '1.000000000000000000' });
  await journal.voidPending({ id: 'send:held-2:void', pendingId: 'send:held-2' });
  assert.equal(await holding('BTC'), { balance: '1.300000000000000000', available: '1.300000000000000000' });
  await assertBalanced(bed.db);
});

test('a posting rolled back with its transaction leaves the holding as it was', async () => {
  const before = await holding('BTC');
  const rollback = new Error('rollback');
  await bed.db
    .transaction()
    .execute(async (trx) => {
      await sql`SELECT ledger_deposit(${walletId}, 'BTC', 2, 'test:rolled-back')`.execute(trx);
      const inside = await sql<{ balance: string }>`SELECT balance::text AS balance FROM digital_wallet_asset
        WHERE wallet_id = ${walletId} AND symbol = 'BTC'`.execute(trx);
      assert.is(inside.rows[0]!.balance, '3.300000000000000000');
      throw rollback;
    })
    .catch((error) => {
      if (error !== rollback) throw error;
    });
  assert.equal(await holding('BTC'), before);
});

test('the balance columns cannot be written except by a posting', async () => {
  const row = sql`wallet_id = ${walletId} AND symbol = 'BTC'`;
  await refusedWith(sql`UPDATE digital_wallet_asset SET balance = 99 WHERE ${row}`, 'digital_wallet_asset_projection');
  await refusedWith(
    sql`UPDATE digital_wallet_asset SET available_balance = 99 WHERE ${row}`,
    'digital_wallet_asset_projection',
  );
  await refusedWith(
    sql`INSERT INTO digital_wallet_asset (wallet_id, symbol, balance) VALUES (${bed.walletIds[1]}, 'ETH', 1)`,
    'digital_wallet_asset_projection',
  );
  // Other columns stay writable, and a holding may open empty.
  await sql`UPDATE digital_wallet_asset SET unit_price_usd = 1 WHERE ${row}`.execute(bed.db);
  await sql`INSERT INTO digital_wallet_asset (wallet_id, symbol) VALUES (${bed.walletIds[1]}, 'ETH')`.execute(bed.db);
  assert.equal(await holding('ETH', bed.walletIds[1]), {
    balance: '0.000000000000000000',
    available: '0.000000000000000000',
  });
});

test('ledger_deposit refuses amounts that are no positive whole number of base units', async () => {
  for (const amount of ['0', '-1', '0.000000001'])
    await refusedWith(
      sql`SELECT ledger_deposit(${walletId}, 'BTC', ${amount}::numeric, ${`test:bad-${amount}`})`,
      'ledger_transfer_amount_check',
    );
  assert.equal(await holding('BTC'), { balance: '1.300000000000000000', available: '1.300000000000000000' });
});

test('an ETH holding carries all 18 decimals; a USDC holding 6', async () => {
  const other = bed.walletIds[1]!;
  await sql`SELECT ledger_deposit(${other}, 'ETH', 0.000000000000000001, 'test:one-wei')`.execute(bed.db);
  await sql`SELECT ledger_deposit(${other}, 'USDC', 0.000001, 'test:one-micro-usdc')`.execute(bed.db);
  assert.is((await holding('ETH', other))!.balance, '0.000000000000000001');
  assert.is((await holding('USDC', other))!.balance, '0.000001000000000000');
  await assertBalanced(bed.db);
});

test.run();
