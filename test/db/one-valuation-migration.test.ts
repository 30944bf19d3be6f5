// Migration 0015 (src/db/migrations/0015-one-valuation.ts; docs/valuation.md#one-valuation) on the
// demo data: whoever writes a balance (the journal's projection, docs/ledger.md#wallet-holdings) or a
// price, each holding's unit_price_usd is its coin's price
// and its usd_value balance × price rounded half away from zero to cents, and each wallet's
// usd_value the sum of its holdings', checked against figures worked out here with BigInt; a
// price change moves every holding of the coin in its own transaction, also against a holding
// inserted concurrently; the day's last price is kept per coin; one value point per wallet and
// day; down removes all of it, and up brings stale figures back in line.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createDatabase, type Db } from '../../src/db/create-database.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { seedDemoData } from '../../src/db/seed/demo-seed.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
let db: Db;

test.before(async () => {
  database = await createTestDatabase();
  db = createDatabase({ url: database.url, poolSize: 4 }).db;
  await seedDemoData(db);
});

test.after(async () => {
  await db?.destroy();
  await database?.drop();
});

let deposits = 0;
/** `amount` of `symbol` arriving in the wallet: a balance changes only through the journal (docs/ledger.md#wallet-holdings). */
const deposit = (walletId: number, symbol: string, amount: string) =>
  sql`SELECT ledger_deposit(${walletId}, ${symbol}, ${amount}::numeric, ${`test:deposit-${++deposits}`})`;

/** A non-negative decimal text → units at 18 places. */
function at18(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(18, '0'));
}

/** balance × price rounded half away from zero to cents, as text (both never negative here). */
function centsOf(balance: string, price: string): string {
  const units = at18(balance) * at18(price);
  const divisor = 10n ** 34n;
  const cents = (units % divisor) * 2n >= divisor ? units / divisor + 1n : units / divisor;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** Cents texts summed. */
function sumCents(values: readonly string[]): string {
  const cents = values.reduce((total, value) => total + BigInt(value.replace('.', '')), 0n);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

interface Holding {
  id: number;
  walletId: number;
  symbol: string;
  balance: string;
  unitPrice: string;
  usdValue: string;
}

const holdings = async (where = sql`true`): Promise<Holding[]> =>
  (
    await sql<Holding>`SELECT id, wallet_id AS "walletId", symbol, trim_scale(balance)::text AS balance,
      trim_scale(unit_price_usd)::text AS "unitPrice", usd_value::text AS "usdValue"
      FROM digital_wallet_asset WHERE ${where} ORDER BY id`.execute(db)
  ).rows;

const walletValue = async (id: number) =>
  (await sql<{ v: string }>`SELECT usd_value::text AS v FROM digital_wallet WHERE id = ${id}`.execute(db)).rows[0]!.v;

const priceOf = async (symbol: string) =>
  (
    await sql<{ p: string }>`SELECT trim_scale(usd_price)::text AS p FROM coin_price WHERE symbol = ${symbol}`.execute(
      db,
    )
  ).rows[0]?.p ?? '0';

/** Every holding and wallet against the figures worked out here from balances and prices. */
async function assertOneValuation(): Promise<void> {
  const rows = await holdings();
  for (const row of rows) {
    const price = await priceOf(row.symbol);
    assert.is(row.unitPrice, price, `holding ${row.id}'s unit price`);
    assert.is(row.usdValue, centsOf(row.balance, price), `holding ${row.id}: ${row.balance} × ${price}`);
  }
  const wallets = (await sql<{ id: number }>`SELECT id FROM digital_wallet ORDER BY id`.execute(db)).rows;
  for (const { id } of wallets) {
    const own = rows.filter((row) => row.walletId === id).map((row) => row.usdValue);
    assert.is(await walletValue(id), sumCents(own), `wallet ${id} is the sum of its holdings`);
  }
}

test('the demo data is one valuation: every holding at its coin price, every wallet the sum', async () => {
  await assertOneValuation();
  assert.is(await walletValue(1), '4029192.63', '42.75 BTC at 94,250.12');
});

test('a price written moves every holding of the coin and the wallets holding it, in the same statement', async () => {
  await sql`UPDATE coin_price SET usd_price = 101234.567891, updated_at = '2026-01-02T10:00:00Z' WHERE symbol = 'BTC'`.execute(
    db,
  );
  const btc = await holdings(sql`symbol = 'BTC'`);
  assert.equal(
    btc.map((row) => [row.walletId, row.usdValue]),
    [
      [1, centsOf('42.75', '101234.567891')],
      [5, centsOf('8.1234', '101234.567891')],
      [8, centsOf('120.5', '101234.567891')],
    ],
  );
  assert.is(centsOf('42.75', '101234.567891'), '4327777.78', 'the oracle: 4,327,777.777...');
  await sql`INSERT INTO coin_price (symbol, usd_price, updated_at) VALUES ('ETH', 3000.005, '2026-01-02T10:00:00Z'),
      ('SOL', 150, '2026-01-02T10:00:00Z')
    ON CONFLICT (symbol) DO UPDATE SET usd_price = excluded.usd_price, updated_at = excluded.updated_at`.execute(db);
  await assertOneValuation();
});

test('a balance posted, a holding opened or removed: the holding and its wallet follow', async () => {
  await deposit(2, 'ETH', '0.123456789').execute(db);
  await deposit(3, 'BTC', '0.00000001').execute(db);
  await sql`DELETE FROM digital_wallet_asset WHERE wallet_id = 4`.execute(db);
  await assertOneValuation();
  assert.is(await walletValue(4), '0.00', 'a wallet without holdings is worth nothing');
  const [added] = await holdings(sql`wallet_id = 3 AND symbol = 'BTC'`);
  assert.is(added!.usdValue, '0.00', 'a satoshi at 101,234.57 is a thousandth of a dollar: 0.00');
});

test('a unit price or USD value written by hand is replaced by the one valuation', async () => {
  await sql`UPDATE digital_wallet_asset SET unit_price_usd = 1, usd_value = 1 WHERE wallet_id = 1`.execute(db);
  await sql`INSERT INTO digital_wallet_asset (wallet_id, symbol, balance, unit_price_usd, usd_value)
    VALUES (1, 'USDT', 0, 5, 50)`.execute(db);
  await deposit(1, 'USDT', '10').execute(db);
  await assertOneValuation();
  const [usdt] = await holdings(sql`wallet_id = 1 AND symbol = 'USDT'`);
  assert.is(usdt!.usdValue, centsOf('10', await priceOf('USDT')));
});

test('a coin without a price is worth 0; its first price values its holdings', async () => {
  await sql`INSERT INTO coin (symbol, name, network, decimals) VALUES ('NEW', 'New coin', 'test', 6)`.execute(db);
  await deposit(6, 'NEW', '3.5').execute(db);
  assert.equal(
    (await holdings(sql`symbol = 'NEW'`)).map((row) => [row.unitPrice, row.usdValue]),
    [['0', '0.00']],
  );
  await sql`INSERT INTO coin_price (symbol, usd_price) VALUES ('NEW', 0.015)`.execute(db);
  assert.equal(
    (await holdings(sql`symbol = 'NEW'`)).map((row) => [row.unitPrice, row.usdValue]),
    [['0.015', '0.05']],
    '3.5 × 0.015 = 0.0525',
  );
  await sql`DELETE FROM coin_price WHERE symbol = 'NEW'`.execute(db);
  assert.equal(
    (await holdings(sql`symbol = 'NEW'`)).map((row) => [row.unitPrice, row.usdValue]),
    [['0', '0.00']],
  );
  await assertOneValuation();
});

test('the day keeps its last price: a later price of the day replaces it, an older one does not', async () => {
  const day = async () =>
    (
      await sql<{ day: string; p: string }>`SELECT day::text, trim_scale(usd_price)::text AS p FROM coin_price_day
        WHERE symbol = 'SOL' ORDER BY day`.execute(db)
    ).rows.map((row) => [row.day, row.p]);
  const write = (price: string, at: string) =>
    sql`UPDATE coin_price SET usd_price = ${price}::numeric, updated_at = ${at}::timestamptz WHERE symbol = 'SOL'`.execute(
      db,
    );
  await write('151', '2026-01-03T08:00:00Z');
  await write('152', '2026-01-03T23:59:59Z');
  await write('149', '2026-01-03T12:00:00Z');
  await write('160', '2026-01-04T00:00:00Z');
  assert.equal(await day(), [
    ['2025-12-31', '189.42'],
    ['2026-01-02', '150'],
    ['2026-01-03', '152'],
    ['2026-01-04', '160'],
  ]);
});

test('one value history point per wallet and UTC day', async () => {
  const second = sql`INSERT INTO digital_wallet_value_history (wallet_id, recorded_at, usd_value)
    VALUES (1, '2026-01-01T12:00:00Z', 1)`;
  const refused = await second.execute(db).then(
    () => null,
    (error: { constraint?: string }) => error.constraint,
  );
  assert.is(refused, 'digital_wallet_value_history_day');
  await sql`INSERT INTO digital_wallet_value_history (wallet_id, recorded_at, usd_value)
    VALUES (1, '2026-01-02T00:00:00Z', 1) ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO digital_wallet_value_history (wallet_id, recorded_at, usd_value)
    VALUES (1, '2026-01-02T18:00:00Z', 2) ON CONFLICT DO NOTHING`.execute(db);
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM digital_wallet_value_history
    WHERE wallet_id = 1 AND recorded_at >= '2026-01-02'`.execute(db);
  assert.equal(rows, [{ n: 1 }]);
});

/** Two connections of their own, for the transactions that overlap, with their backends' ids. */
async function twoClients(): Promise<[pg.Client, pg.Client]> {
  const clients: [pg.Client, pg.Client] = [
    new pg.Client({ connectionString: database.url }),
    new pg.Client({ connectionString: database.url }),
  ];
  for (const client of clients) await client.connect();
  return clients;
}

/** Resolves once `client`'s backend waits for a lock; a hang becomes a failure after 10 s of polls. */
async function waitingForALock(client: pg.Client): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID;
  for (let poll = 0; poll < 1_000; poll += 1) {
    const { rows } = await sql<{ wait: string | null }>`
      SELECT wait_event_type AS wait FROM pg_stat_activity WHERE pid = ${pid}`.execute(db);
    if (rows[0]?.wait === 'Lock') return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`backend ${pid} never waited for a lock`);
}

test('a holding inserted while a price change is uncommitted ends at the new price', async () => {
  const [refresh, writer] = await twoClients();
  try {
    await refresh.query('BEGIN');
    await refresh.query(`UPDATE coin_price SET usd_price = 2.5, updated_at = now() WHERE symbol = 'USDC'`);
    const inserting = writer.query(`SELECT ledger_deposit(1, 'USDC', 10, 'test:concurrent-usdc')`);
    // The holding the deposit opens reads the price FOR SHARE, so it waits for the refresh to end.
    await waitingForALock(writer);
    await refresh.query('COMMIT');
    await inserting;
    const [usdc] = await holdings(sql`wallet_id = 1 AND symbol = 'USDC'`);
    assert.equal([usdc!.unitPrice, usdc!.usdValue], ['2.5', '25.00']);
    await assertOneValuation();
  } finally {
    await refresh.end();
    await writer.end();
  }
});

test('two transactions changing holdings of one wallet leave its sum right', async () => {
  const [first, second] = await twoClients();
  try {
    await first.query('BEGIN');
    await second.query('BEGIN');
    await first.query(`SELECT ledger_deposit(2, 'USDC', 1, 'test:concurrent-first')`);
    // Another holding of wallet 2: its wallet total waits for the first transaction's lock on the wallet.
    const updating = second.query(`SELECT ledger_deposit(2, 'USDT', 2, 'test:concurrent-second')`);
    await waitingForALock(second);
    await first.query('COMMIT');
    await updating;
    await second.query('COMMIT');
    await assertOneValuation();
  } finally {
    await first.end();
    await second.end();
  }
});

const objects = async () =>
  (
    await sql<{ name: string }>`
      SELECT relname AS name FROM pg_class WHERE relname IN ('coin_price_day', 'digital_wallet_value_history_day')
      UNION ALL SELECT proname FROM pg_proc
        WHERE proname IN ('coin_price_follow', 'digital_wallet_valuation', 'digital_wallet_asset_valuation')
      UNION ALL SELECT tgname FROM pg_trigger WHERE NOT tgisinternal
        AND tgrelid IN ('coin_price'::regclass, 'digital_wallet_asset'::regclass)
        AND tgname NOT IN ('digital_wallet_asset_opening_balance', 'digital_wallet_asset_projection')
        -- migration 0016's announcements of changes (docs/caches.md#writes-from-every-path)
        AND tgfoid NOT IN (SELECT oid FROM pg_proc WHERE proname LIKE '%records\\_changed')
        -- migration 0022's notifications of the data layer's live queries (docs/data-layer.md#refresh)
        AND tgfoid NOT IN (SELECT oid FROM pg_proc WHERE proname = 'notify_data_changed') ORDER BY 1`.execute(db)
  ).rows.map((row) => row.name);

test('down removes what 0015 added; up adds it again and brings stale figures back in line', async () => {
  const all = await objects();
  assert.equal(all, [
    'coin_price_day',
    'coin_price_deleted',
    'coin_price_follow',
    'coin_price_inserted',
    'coin_price_updated',
    'digital_wallet_asset_deleted',
    'digital_wallet_asset_inserted',
    'digital_wallet_asset_updated',
    'digital_wallet_asset_valuation',
    'digital_wallet_asset_valuation',
    'digital_wallet_valuation',
    'digital_wallet_value_history_day',
  ]);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migration',
    migrationLockTableName: 'schema_migration_lock',
  });
  const before = Object.keys(migrations)
    .sort()
    .filter((name) => name < '0015')
    .at(-1)!;
  assert.is((await migrator.migrateTo(before)).error, undefined);
  assert.equal(await objects(), []);
  const btcOfWallet1 = async () => (await holdings(sql`wallet_id = 1 AND symbol = 'BTC'`))[0]!.usdValue;
  await sql`UPDATE coin_price SET usd_price = 90000 WHERE symbol = 'BTC'`.execute(db);
  assert.is.not(await btcOfWallet1(), centsOf('42.75', '90000'), 'without 0015 nothing follows');
  assert.is((await migrator.migrateToLatest()).error, undefined);
  assert.equal(await objects(), all);
  assert.is(await btcOfWallet1(), '3847500.00');
  await assertOneValuation();
});

test.run();
