// How digital_wallet_transaction stores a transfer's network fee (src/records/wallets/wallet-transfer-table.ts,
// migration 0017; docs/custody.md#fees): always with the coin it is paid in; the coin the custodian
// names, else the fee coin of the transfer's network (coin.network_fee_coin); no fee when that
// coin is unknown; none for a send that ended off the chain, clearing a fee stored earlier; a fee
// the custodian stops reporting kept otherwise. The database refuses rows that break the rule.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createWalletTransferTable,
  type TransferWrite,
  type WalletTransferTable,
} from '../../../src/records/wallets/wallet-transfer-table.ts';
import { demoWalletIds } from '../../../src/db/seed/demo-wallets.ts';
import { type DemoWalletDatabase, demoWalletDatabase, scopes } from './support/demo-wallet-database.ts';

let database: DemoWalletDatabase;
let table: WalletTransferTable;
let nextId = 0;
const at = new Date('2026-03-02T09:00:00.000Z');
const later = (ms: number) => new Date(at.getTime() + ms);

test.before(async () => {
  database = await demoWalletDatabase();
  table = createWalletTransferTable(database.db);
});

test.after(() => database.close());

/** A send from Aurora's ETH treasury (a wallet on ethereum), as the custodian might report it. */
function send(overrides: Partial<TransferWrite>): TransferWrite {
  nextId += 1;
  return {
    transferId: `${'e'.repeat(30)}${String(nextId).padStart(2, '0')}`,
    walletId: demoWalletIds.auroraEthTreasury,
    direction: 'send',
    coin: 'USDC',
    state: 'signed',
    amountBaseUnits: '1000000',
    feeBaseUnits: '420000000000000',
    feeCoin: null,
    txHash: null,
    counterpartyAddress: null,
    comment: null,
    sequenceId: null,
    pendingApprovalId: null,
    createdAt: at,
    custodianUpdatedAt: at,
    confirmedAt: null,
    initiatedBy: null,
    ...overrides,
  };
}

const store = (...transfers: TransferWrite[]) =>
  table.record({ transfers, approvals: [], priceFreshAfter: later(-60_000) });

async function storedFee(transferId: string) {
  const [row] = (
    await sql<{ state: string; fee: string | null; fee_coin: string | null }>`
      SELECT state, fee_base_units::text AS fee, fee_coin FROM digital_wallet_transaction WHERE transfer_id = ${transferId}`.execute(
      database.db,
    )
  ).rows;
  return row;
}

test('a fee with no coin named is in the fee coin of the network: wei of ETH for a USDC send', async () => {
  const usdc = send({});
  const named = send({ feeCoin: 'ETH' });
  assert.equal(await store(usdc, named), { inserted: 2, updated: 0 });
  assert.equal(await storedFee(usdc.transferId), { state: 'signed', fee: '420000000000000', fee_coin: 'ETH' });
  assert.equal(await storedFee(named.transferId), { state: 'signed', fee: '420000000000000', fee_coin: 'ETH' });
  const read = await table.readTransfer(scopes.every, usdc.transferId);
  assert.equal(
    [read?.coin, read?.decimals, read?.feeBaseUnits, read?.feeCoin, read?.feeDecimals],
    ['USDC', 6, '420000000000000', 'ETH', 18],
  );
});

test('a fee of a coin the platform does not list, or of a network without a fee coin, is not stored', async () => {
  const unlisted = send({ feeCoin: 'HTETH' });
  await store(unlisted);
  assert.equal(await storedFee(unlisted.transferId), { state: 'signed', fee: null, fee_coin: null });
  await sql`INSERT INTO coin (symbol, name, network, decimals) VALUES ('ZETA', 'Zeta', 'zeta', 9), ('ZUSD', 'Zeta dollar', 'zeta', 6)`.execute(
    database.db,
  );
  const zeta = send({ coin: 'ZUSD', feeBaseUnits: '7' });
  await store(zeta);
  assert.equal(await storedFee(zeta.transferId), { state: 'signed', fee: null, fee_coin: null });
  // Once the network has its fee coin, the next report of the transfer stores the fee in it.
  await sql`UPDATE coin SET network_fee_coin = true WHERE symbol = 'ZETA'`.execute(database.db);
  assert.equal(await store({ ...zeta, custodianUpdatedAt: later(1) }), { inserted: 0, updated: 1 });
  assert.equal(await storedFee(zeta.transferId), { state: 'signed', fee: '7', fee_coin: 'ZETA' });
});

test('a send that ends off the chain clears its stored fee, even one the custodian still reports', async () => {
  const ends = ['rejected', 'failed', 'removed', 'replaced'] as const;
  const sends = ends.map(() => send({ state: 'pendingApproval' }));
  await store(...sends);
  for (const stored of sends)
    assert.equal(await storedFee(stored.transferId), {
      state: 'pendingApproval',
      fee: '420000000000000',
      fee_coin: 'ETH',
    });
  const reported = sends.map((stored, index) => ({
    ...stored,
    state: ends[index]!,
    // The first two as a custodian reporting no fee, the others as one that still reports it.
    feeBaseUnits: index < 2 ? null : '420000000000000',
    custodianUpdatedAt: later(1),
  }));
  assert.equal(await store(...reported), { inserted: 0, updated: 4 });
  for (const [index, stored] of sends.entries())
    assert.equal(await storedFee(stored.transferId), { state: ends[index], fee: null, fee_coin: null });
  assert.equal(await store(...reported), { inserted: 0, updated: 0 }, 'stored again, nothing changes');
  const readBack = await table.readTransfer(scopes.every, sends[0]!.transferId);
  assert.equal([readBack?.feeBaseUnits, readBack?.feeCoin, readBack?.feeDecimals], [null, null, null]);
});

test('a fee the custodian stops reporting is kept, with its coin, while the send is on its way', async () => {
  const signed = send({ feeCoin: 'ETH' });
  await store(signed);
  const unconfirmed = { ...signed, state: 'unconfirmed' as const, feeBaseUnits: null, feeCoin: null };
  assert.equal(await store({ ...unconfirmed, custodianUpdatedAt: later(1) }), { inserted: 0, updated: 1 });
  assert.equal(await storedFee(signed.transferId), { state: 'unconfirmed', fee: '420000000000000', fee_coin: 'ETH' });
});

test('the database refuses a fee without its coin, a fee on a send off the chain, two fee coins on a network', async () => {
  const refused = async (statement: ReturnType<typeof sql>) => {
    try {
      await statement.execute(database.db);
    } catch (error) {
      return (error as { constraint?: string }).constraint;
    }
    return 'accepted';
  };
  const insert = (state: string, fee: string | null, feeCoin: string | null) =>
    sql`INSERT INTO digital_wallet_transaction (wallet_id, transfer_id, direction, coin, amount_base_units, state, fee_base_units, fee_coin)
      VALUES (${demoWalletIds.auroraEthTreasury}, ${`f${'0'.repeat(20)}${state}`}, 'send', 'USDC', 1, ${state}, ${fee}, ${feeCoin})`;
  assert.is(await refused(insert('signed', '1', null)), 'digital_wallet_transaction_fee_coin');
  assert.is(await refused(insert('signed', null, 'ETH')), 'digital_wallet_transaction_fee_coin');
  for (const state of ['rejected', 'failed', 'removed', 'replaced'])
    assert.is(await refused(insert(state, '1', 'ETH')), 'digital_wallet_transaction_no_fee_off_chain');
  assert.is(await refused(insert('failed', null, null)), 'accepted');
  assert.is(
    await refused(sql`UPDATE coin SET network_fee_coin = true WHERE symbol = 'USDC'`),
    'coin_network_fee_coin_idx',
  );
});

test.run();
