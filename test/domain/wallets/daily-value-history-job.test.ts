// The value history's daily job (src/domain/wallets/daily-value-history-job.ts,
// src/records/wallets/daily-value-points-table.ts; docs/valuation.md#value-history) on the demo
// data in real PostgreSQL: one point per wallet per day, a gap of days back-filled once at each
// day's price (or the nearest one stored), a second run (or a second node) writing nothing, today's
// point equal to the wallet's usd_value the data layer serves; values worked out here with BigInt
// from the seed's balances. Then its schedule on a hand-driven clock: at once, at every UTC
// midnight, a failure tried again a minute later, the back-fill bounded to a year.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createDatabase, type Db } from '../../../src/db/create-database.ts';
import { seedDemoData } from '../../../src/db/seed/demo-seed.ts';
import { demoWalletAssets } from '../../../src/db/seed/demo-wallets.ts';
import { demoUsdPrices } from '../../../src/db/seed/demo-market.ts';
import {
  createDailyValueHistoryJob,
  maxBackfillDays,
  retryAfterFailureMs,
} from '../../../src/domain/wallets/daily-value-history-job.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import {
  createDailyValuePointsTable,
  type DailyValuePointsTable,
} from '../../../src/records/wallets/daily-value-points-table.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { manualRefreshClock } from '../prices/manual-refresh-clock.ts';

const silent = createLogger('silent');
const database: TestDatabase = await createTestDatabase();
const { db } = createDatabase({ url: database.url, poolSize: 2 });
await seedDemoData(db);

test.after(async () => {
  await db.destroy();
  await database.drop();
});

/** A job on the real table at a fixed instant. */
function jobAt(instant: string, on: Db = db) {
  return createDailyValueHistoryJob({
    table: createDailyValuePointsTable(on),
    logger: silent,
    clock: manualRefreshClock(instant),
  });
}

/** A non-negative decimal text → units at 18 places. */
function at18(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(18, '0'));
}

/** balance × price rounded half away from zero to cents (the rule of docs/valuation.md#the-rounding-rule). */
function cents(balance: string, price: string): bigint {
  const units = at18(balance) * at18(price);
  const divisor = 10n ** 34n;
  return (units % divisor) * 2n >= divisor ? units / divisor + 1n : units / divisor;
}

const centsText = (value: bigint) => `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;

/** The seed's holdings, plus those a test adds. */
const balances = demoWalletAssets.map((row) => ({
  walletId: row.wallet_id as number,
  symbol: row.symbol as string,
  balance: row.balance as string,
}));

/** A wallet's expected point: its holdings at `priceOf` each, each rounded to cents, summed. */
function expectedPoint(walletId: number, priceOf: (symbol: string) => string): string {
  const own = balances.filter((row) => row.walletId === walletId);
  return centsText(own.reduce((total, row) => total + cents(row.balance, priceOf(row.symbol)), 0n));
}

const demoPrice = (symbol: string) => demoUsdPrices[symbol as keyof typeof demoUsdPrices];

const pointsFrom = async (day: string) =>
  (
    await sql<{ wallet: number; day: string; usd: string }>`
      SELECT wallet_id AS wallet, to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS day,
        usd_value::text AS usd
      FROM digital_wallet_value_history WHERE recorded_at >= ${day}::date ORDER BY recorded_at, wallet_id`.execute(db)
  ).rows.map((row) => [row.wallet, row.day, row.usd]);

const walletIds = [1, 2, 3, 4, 5, 6, 7, 8];

test('a gap of days since the last point is back-filled once, each day at its price or the newest before', async () => {
  // The demo history ends 2026-01-01; BTC was priced again on the 3rd and the 5th.
  await sql`INSERT INTO coin_price_day (symbol, day, usd_price, updated_at) VALUES
    ('BTC', '2026-01-03', 100000, '2026-01-03T12:00:00Z'), ('BTC', '2026-01-05', 90000.5, '2026-01-05T08:00:00Z')`.execute(
    db,
  );
  const btcOn: Record<string, string> = {
    '2026-01-02': '94250.12',
    '2026-01-03': '100000',
    '2026-01-04': '100000',
    '2026-01-05': '90000.5',
  };
  const run = await jobAt('2026-01-05T10:00:00Z').runNow();
  assert.equal(run, { from: '2026-01-02', to: '2026-01-05', written: 32 });
  const expected = Object.entries(btcOn).flatMap(([day, btc]) =>
    walletIds.map((id) => [
      id,
      `${day}T00:00`,
      expectedPoint(id, (symbol) => (symbol === 'BTC' ? btc : demoPrice(symbol))),
    ]),
  );
  assert.equal(await pointsFrom('2026-01-02'), expected);
  assert.equal(expected[0], [1, '2026-01-02T00:00', '4029192.63'], 'the oracle: 42.75 BTC at 94,250.12');

  assert.equal(await jobAt('2026-01-05T23:59:59Z').runNow(), { from: '2026-01-06', to: '2026-01-05', written: 0 });
  assert.equal(await pointsFrom('2026-01-02'), expected, 'a second run changes nothing');
});

test('a gap of three days is three points per wallet, exactly once; a coin first priced later takes that price', async () => {
  // A coin priced first on the 7th, held by wallet 6 since before: the 6th takes the nearest price after it.
  await sql`INSERT INTO coin (symbol, name, network, decimals) VALUES ('NEW', 'New coin', 'test', 6)`.execute(db);
  await sql`SELECT ledger_deposit(6, 'NEW', 10, 'test:new-coin')`.execute(db);
  await sql`INSERT INTO coin_price (symbol, usd_price, updated_at) VALUES ('NEW', 2.005, '2026-01-07T12:00:00Z')`.execute(
    db,
  );
  balances.push({ walletId: 6, symbol: 'NEW', balance: '10' });
  const before = await pointsFrom('2026-01-02');
  const run = await jobAt('2026-01-08T00:00:00Z').runNow();
  assert.equal(run, { from: '2026-01-06', to: '2026-01-08', written: 24 });
  const priceOf = (symbol: string) => (symbol === 'BTC' ? '90000.5' : symbol === 'NEW' ? '2.005' : demoPrice(symbol));
  const added = ['2026-01-06', '2026-01-07', '2026-01-08'].flatMap((day) =>
    walletIds.map((id) => [id, `${day}T00:00`, expectedPoint(id, priceOf)]),
  );
  assert.equal(await pointsFrom('2026-01-02'), [...before, ...added]);
  assert.equal((await jobAt('2026-01-08T18:00:00Z').runNow()).written, 0);
  assert.equal(await pointsFrom('2026-01-02'), [...before, ...added]);
});

test("today's point is worth what the data layer's digital_wallet.usd_value says", async () => {
  await sql`UPDATE coin_price SET usd_price = round(usd_price * 1.0137, 8), updated_at = '2026-01-09T00:00:01Z'`.execute(
    db,
  );
  assert.equal((await jobAt('2026-01-09T00:00:30Z').runNow()).written, 8);
  const { rows } = await sql<{ id: number; point: string; wallet: string }>`
    SELECT w.id, h.usd_value::text AS point, w.usd_value::text AS wallet
    FROM digital_wallet w JOIN digital_wallet_value_history h ON h.wallet_id = w.id AND h.recorded_at = '2026-01-09'
    ORDER BY w.id`.execute(db);
  assert.is(rows.length, 8);
  for (const row of rows) assert.is(row.point, row.wallet, `wallet ${row.id}`);
  const prices = Object.fromEntries(
    (
      await sql<{ symbol: string; p: string }>`SELECT symbol, trim_scale(usd_price)::text AS p FROM coin_price`.execute(
        db,
      )
    ).rows.map((row) => [row.symbol, row.p]),
  );
  assert.is(
    rows[0]!.point,
    expectedPoint(1, (symbol) => prices[symbol]!),
  );
});

test('an archived wallet gets no point; a wallet without history starts with today; two nodes write each once', async () => {
  await sql`UPDATE digital_wallet SET status = 'archived' WHERE id = 8`.execute(db);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO digital_wallet (organization_id, owner_user_id, label, coin, wallet_type, created_at)
    SELECT organization_id, owner_user_id, 'Opened long ago', 'BTC', 'hot', '2025-06-01' FROM digital_wallet WHERE id = 1
    RETURNING id`.execute(db);
  const opened = rows[0]!.id;
  await sql`SELECT ledger_deposit(${opened}, 'BTC', 1, 'test:opened')`.execute(db);
  const other = createDatabase({ url: database.url, poolSize: 2 }).db;
  try {
    const runs = await Promise.all([
      jobAt('2026-01-10T00:00:00Z').runNow(),
      jobAt('2026-01-10T00:00:00Z', other).runNow(),
    ]);
    assert.is(runs[0].written + runs[1].written, 8, 'wallets 1 to 7 and the one opened');
  } finally {
    await other.destroy();
  }
  const counts = await sql<{ wallet: number; n: number }>`
    SELECT wallet_id AS wallet, count(*)::int AS n FROM digital_wallet_value_history
    WHERE recorded_at = '2026-01-10' GROUP BY wallet_id ORDER BY wallet_id`.execute(db);
  assert.equal(
    counts.rows.map((row) => [row.wallet, row.n]),
    [...[1, 2, 3, 4, 5, 6, 7].map((id) => [id, 1]), [opened, 1]],
  );
  const history = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM digital_wallet_value_history WHERE wallet_id = ${opened}`.execute(db);
  assert.equal(history.rows, [{ n: 1 }], 'only today: its history starts when it is first valued');
});

/** A table in memory that records what the job asked of it. */
function recordingTable(firstMissing: string | null) {
  const calls: string[] = [];
  let failures = 0;
  const table: DailyValuePointsTable & { calls: string[]; failNext(): void } = {
    calls,
    failNext: () => {
      failures += 1;
    },
    async firstMissingDay() {
      calls.push('firstMissingDay');
      return firstMissing;
    },
    async writeDay(day, today) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('database down');
      }
      calls.push(`writeDay ${day} ${today}`);
      return 1;
    },
  };
  return table;
}

/** Lets the job's promise chain (a table in memory) settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('scheduled at once, then at every UTC midnight; prices first; a failure tried again a minute later', async () => {
  const clock = manualRefreshClock('2026-03-10T22:30:00Z');
  const table = recordingTable('2026-03-10');
  const job = createDailyValueHistoryJob({
    table,
    logger: silent,
    clock,
    refreshPrices: async () => table.calls.push('refreshPrices'),
  });
  const stop = job.start();
  assert.equal(clock.pendingDelays, [0]);
  clock.fireNext();
  await settle();
  assert.equal(table.calls.splice(0), ['refreshPrices', 'firstMissingDay', 'writeDay 2026-03-10 2026-03-10']);
  assert.equal(clock.pendingDelays, [90 * 60_000], 'until midnight');

  clock.advance(90 * 60_000);
  table.failNext();
  clock.fireNext();
  await settle();
  assert.equal(clock.pendingDelays, [retryAfterFailureMs]);
  clock.advance(retryAfterFailureMs);
  clock.fireNext();
  await settle();
  assert.equal(table.calls.splice(0).slice(-1), ['writeDay 2026-03-11 2026-03-11']);
  assert.equal(clock.pendingDelays, [86_400_000 - retryAfterFailureMs]);
  await stop();
  assert.equal(clock.pendingDelays, []);
});

test('a back-fill reaches back a year at most', async () => {
  const table = recordingTable('2020-01-01');
  const job = createDailyValueHistoryJob({ table, logger: silent, clock: manualRefreshClock('2027-06-01T05:00:00Z') });
  const run = await job.runNow();
  const days = table.calls.filter((call) => call.startsWith('writeDay'));
  assert.is(days.length, maxBackfillDays + 1);
  assert.is(days[0], 'writeDay 2026-05-31 2027-06-01');
  assert.is(days.at(-1), 'writeDay 2027-06-01 2027-06-01');
  assert.equal(run, { from: '2026-05-31', to: '2027-06-01', written: maxBackfillDays + 1 });
});

test.run();
