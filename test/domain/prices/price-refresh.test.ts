// The coin price refresh on real PostgreSQL (docs/providers.md#price-refresh): upserts of every
// coin the source knows, never moving a price back, stale marking on an injected clock, failures
// logged once per transition, the timer and its stop, and the whole path over loopback HTTP.
import { sql } from 'kysely';
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createDatabase, type Db } from '../../../src/db/create-database.ts';
import { createPriceRefresh, type PriceRefreshOptions } from '../../../src/domain/prices/price-refresh.ts';
import { systemRefreshClock } from '../../../src/domain/prices/refresh-clock.ts';
import { AppError } from '../../../src/errors/app-error.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { createCoinPricesHttpClient } from '../../../src/providers/coin-prices/coin-prices-http-client.ts';
import type { CoinPriceQuote, CoinPricesProvider } from '../../../src/providers/coin-prices/coin-prices-provider.ts';
import { createCoinPricesSimulator } from '../../../src/providers/coin-prices/coin-prices-simulator.ts';
import { serveCoinPrices } from '../../../src/providers/coin-prices/coin-prices-simulator-server.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { manualRefreshClock, type ManualRefreshClock } from './manual-refresh-clock.ts';

let database: TestDatabase;
let db: Db;

const intervalMs = 300_000;
const maxAgeMs = 900_000;

test.before(async () => {
  database = await createTestDatabase();
  db = createDatabase({ url: database.url, poolSize: 2 }).db;
  await db
    .insertInto('coin')
    .values([
      { symbol: 'BTC', name: 'Bitcoin', network: 'bitcoin', decimals: 8 },
      { symbol: 'ETH', name: 'Ether', network: 'ethereum', decimals: 18 },
      { symbol: 'USDT', name: 'Tether USD', network: 'ethereum', decimals: 6 },
      { symbol: 'SOL', name: 'Solana', network: 'solana', decimals: 9 },
      { symbol: 'ZZZ', name: 'Unlisted', network: 'ethereum', decimals: 18 },
    ])
    .execute();
});

test.before.each(async () => {
  await db.deleteFrom('coin_price').execute();
});

test.after(async () => {
  await db?.destroy();
  await database?.drop();
});

interface Captured {
  level: number;
  msg: string;
  [field: string]: unknown;
}

function capturingLogger() {
  const lines: Captured[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Captured);
      done();
    },
  });
  return { logger: createLogger('debug', sink), lines, atInfoOrAbove: () => lines.filter((line) => line.level >= 30) };
}

/** Wraps a provider: records each call, fails while `failure` is set, waits for `gate` when set. */
function controllable(inner: CoinPricesProvider) {
  const control = {
    calls: [] as string[][],
    failure: null as AppError | null,
    gate: null as Promise<void> | null,
    provider: {
      kind: inner.kind,
      async listPrices(symbols: readonly string[]) {
        control.calls.push([...symbols]);
        if (control.gate) await control.gate;
        if (control.failure) throw control.failure;
        return inner.listPrices(symbols);
      },
    } satisfies CoinPricesProvider,
  };
  return control;
}

function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function refreshWith(
  clock: ManualRefreshClock,
  provider: CoinPricesProvider,
  extra: Partial<PriceRefreshOptions> = {},
) {
  return createPriceRefresh({
    db,
    provider,
    intervalMs,
    maxAgeMs,
    logger: createLogger('silent'),
    clock,
    ...extra,
  });
}

async function storedRows() {
  const { rows } = await sql<{
    symbol: string;
    usd_price: string;
    market_cap_usd: string | null;
    market_cap_rank: number | null;
    updated_at: string;
  }>`SELECT symbol, usd_price::text, market_cap_usd::text, market_cap_rank,
       to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
     FROM coin_price ORDER BY symbol`.execute(db);
  return rows;
}

/** A quote's price as numeric(38, 18) prints it. */
function numeric18(price: string): string {
  const [whole, fraction = ''] = price.split('.');
  return `${whole}.${fraction.padEnd(18, '0')}`;
}

const unavailable = new AppError(
  'SERVICE_UNAVAILABLE',
  'Coin price source is unavailable: it answered 503 to coins/markets',
);

test('a refresh stores every coin the source knows, exactly, and says once which coins it does not know', async () => {
  const clock = manualRefreshClock('2026-01-15T10:30:20.000Z');
  const simulator = createCoinPricesSimulator({ now: clock.now });
  const logs = capturingLogger();
  const refresh = refreshWith(clock, simulator, { logger: logs.logger });

  assert.equal(await refresh.refreshNow(), { ok: true, coins: 5, written: 4, unknownSymbols: ['ZZZ'], refused: [] });
  const quotes = await simulator.listPrices(['BTC', 'ETH', 'SOL', 'USDT']);
  assert.equal(
    await storedRows(),
    quotes.map((quote) => ({
      symbol: quote.symbol,
      usd_price: numeric18(quote.usdPrice),
      market_cap_usd: quote.marketCapUsd,
      market_cap_rank: quote.marketCapRank,
      updated_at: '2026-01-15T10:30:00.000Z',
    })),
  );
  assert.equal((await storedRows())[0], {
    symbol: 'BTC',
    usd_price: '93164.334112568800000000',
    market_cap_usd: '1844910790188.58',
    market_cap_rank: 1,
    updated_at: '2026-01-15T10:30:00.000Z',
  });

  clock.advance(60_000);
  assert.equal(await refresh.refreshNow(), { ok: true, coins: 5, written: 4, unknownSymbols: ['ZZZ'], refused: [] });
  assert.equal(
    (await storedRows()).map((row) => row.updated_at),
    Array(4).fill('2026-01-15T10:31:00.000Z'),
  );
  assert.equal(
    logs.atInfoOrAbove().map(({ level, msg, symbols }) => ({ level, msg, symbols })),
    [{ level: 40, msg: 'coin price source does not know these coins; they stay unpriced', symbols: ['ZZZ'] }],
  );
});

test('a refresh or lookup that wrote prices tells onWritten (the cached valuations go); one that wrote none does not', async () => {
  const clock = manualRefreshClock('2026-01-15T10:30:20.000Z');
  let told = 0;
  const refresh = refreshWith(clock, createCoinPricesSimulator({ now: clock.now }), {
    onWritten: async () => {
      told += 1;
    },
  });
  await refresh.refreshNow();
  assert.is(told, 1);
  await refresh.lookup('BTC', { refresh: true });
  assert.is(told, 2);
  await refresh.lookup('ZZZ', { refresh: true });
  assert.is(told, 2, 'the source knows no ZZZ: nothing written');
});

test('a quote older than the stored price does not move it back', async () => {
  await db
    .insertInto('coin_price')
    .values({ symbol: 'BTC', usd_price: '1', updated_at: new Date('2026-01-15T11:00:00.000Z') })
    .execute();
  const clock = manualRefreshClock('2026-01-15T10:30:20.000Z');
  const outcome = await refreshWith(clock, createCoinPricesSimulator({ now: clock.now })).refreshNow();
  assert.equal(outcome, { ok: true, coins: 5, written: 3, unknownSymbols: ['ZZZ'], refused: [] });
  assert.equal((await storedRows())[0], {
    symbol: 'BTC',
    usd_price: '1.000000000000000000',
    market_cap_usd: null,
    market_cap_rank: null,
    updated_at: '2026-01-15T11:00:00.000Z',
  });
});

test('lookup: fresh up to exactly the maximum age, stale a millisecond later, and the source is not asked', async () => {
  const clock = manualRefreshClock('2026-01-15T10:30:20.000Z');
  const control = controllable(createCoinPricesSimulator({ now: clock.now }));
  const refresh = refreshWith(clock, control.provider);
  await refresh.refreshNow();
  const fresh = {
    symbol: 'BTC',
    name: 'Bitcoin',
    usdPrice: '93164.3341125688',
    marketCapUsd: '1844910790188.58',
    marketCapRank: 1,
    updatedAt: new Date('2026-01-15T10:30:00.000Z'),
    stale: false,
  };
  assert.equal(await refresh.lookup('btc'), fresh);
  clock.set('2026-01-15T10:45:00.000Z');
  assert.equal(await refresh.lookup('BTC'), fresh, 'exactly the maximum age is not stale');
  clock.set('2026-01-15T10:45:00.001Z');
  assert.equal(await refresh.lookup('BTC'), { ...fresh, stale: true });
  assert.is(control.calls.length, 1, 'only the refresh asked the source');
});

test('lookup with nothing stored asks the source; refresh: true asks again; no coin, or a coin the source does not know, is null', async () => {
  const clock = manualRefreshClock('2026-01-15T10:30:20.000Z');
  const control = controllable(createCoinPricesSimulator({ now: clock.now }));
  const refresh = refreshWith(clock, control.provider);

  const first = await refresh.lookup(' eth ');
  assert.equal(first, {
    symbol: 'ETH',
    name: 'Ether',
    usdPrice: '3389.0490538891',
    marketCapUsd: '408135261479.85',
    marketCapRank: 2,
    updatedAt: new Date('2026-01-15T10:30:00.000Z'),
    stale: false,
  });
  assert.equal(await refresh.lookup('ETH'), first);
  assert.is(await refresh.lookup('ZZZ'), null);
  assert.is(await refresh.lookup('DOGE'), null);
  assert.equal(control.calls, [['ETH'], ['ZZZ']], 'a symbol of no coin is never asked for');

  clock.advance(60_000);
  const again = await refresh.lookup('ETH', { refresh: true });
  assert.equal(again?.updatedAt, new Date('2026-01-15T10:31:00.000Z'));
  assert.is.not(again?.usdPrice, first?.usdPrice);
  assert.equal(control.calls.at(-1), ['ETH']);
  assert.equal(
    (await storedRows()).map((row) => [row.symbol, row.updated_at]),
    [['ETH', '2026-01-15T10:31:00.000Z']],
  );

  try {
    await refresh.lookup('e-t-h');
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.is((error as AppError).code, 'BAD_REQUEST');
  }
});

test('lookup with refresh: a failing source throws its error and the stored price stays', async () => {
  const clock = manualRefreshClock('2026-01-15T10:30:20.000Z');
  const control = controllable(createCoinPricesSimulator({ now: clock.now }));
  const refresh = refreshWith(clock, control.provider);
  await refresh.refreshNow();
  control.failure = unavailable;
  clock.advance(60_000);
  try {
    await refresh.lookup('BTC', { refresh: true });
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.is(error, unavailable);
  }
  assert.equal((await refresh.lookup('BTC'))?.updatedAt, new Date('2026-01-15T10:30:00.000Z'));
});

test('failures never throw and are logged once per transition: failed, recovered, failed again', async () => {
  const clock = manualRefreshClock('2026-01-15T10:30:20.000Z');
  const control = controllable(createCoinPricesSimulator({ now: clock.now, extraSymbols: ['ZZZ'] }));
  const logs = capturingLogger();
  const refresh = refreshWith(clock, control.provider, { logger: logs.logger });
  const outcomes: boolean[] = [];
  for (const fails of [false, true, true, true, false, false, true]) {
    control.failure = fails ? unavailable : null;
    const outcome = await refresh.refreshNow();
    outcomes.push(outcome.ok);
    if (!outcome.ok) assert.is(outcome.error, unavailable);
    clock.advance(intervalMs);
  }
  assert.equal(outcomes, [true, false, false, false, true, true, false]);
  assert.equal(
    logs.atInfoOrAbove().map(({ level, msg, err, failures, since, downMs }) => ({
      level,
      msg,
      err: (err as { message?: string } | undefined)?.message,
      failures,
      since,
      downMs,
    })),
    [
      {
        level: 40,
        msg: 'coin price refresh failed; stored prices age until it recovers (logged again on recovery)',
        err: unavailable.message,
        failures: undefined,
        since: undefined,
        downMs: undefined,
      },
      {
        level: 30,
        msg: 'coin price refresh recovered',
        err: undefined,
        failures: 3,
        since: '2026-01-15T10:35:20.000Z',
        downMs: 3 * intervalMs,
      },
      {
        level: 40,
        msg: 'coin price refresh failed; stored prices age until it recovers (logged again on recovery)',
        err: unavailable.message,
        failures: undefined,
        since: undefined,
        downMs: undefined,
      },
    ],
  );
  assert.is(logs.lines.filter((line) => line.msg === 'coin price refresh failed again').length, 2);
});

test('the timer: a refresh at once, the next an interval after each ends; stop clears it and waits for a running refresh', async () => {
  const clock = manualRefreshClock('2026-01-15T10:30:20.000Z');
  const control = controllable(createCoinPricesSimulator({ now: clock.now }));
  const refresh = refreshWith(clock, control.provider);
  const stop = refresh.start();
  assert.throws(() => refresh.start(), /already started/);
  assert.equal(clock.pendingDelays, [0]);

  const firstGate = deferred();
  control.gate = firstGate.promise;
  clock.fireNext();
  assert.equal(clock.pendingDelays, [], 'no next refresh is scheduled while one runs');
  firstGate.resolve();
  await refresh.refreshNow(); // joins the running refresh
  await Promise.resolve();
  assert.equal(clock.pendingDelays, [intervalMs]);
  assert.is((await storedRows()).length, 4);

  const secondGate = deferred();
  control.gate = secondGate.promise;
  clock.advance(intervalMs);
  clock.fireNext();
  let stopped = false;
  const stopping = stop().then(() => {
    stopped = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  assert.not.ok(stopped, 'stop waits for the running refresh');
  secondGate.resolve();
  await stopping;
  assert.ok(stopped);
  assert.equal(clock.pendingDelays, [], 'nothing is scheduled after stop');
  assert.equal(
    (await storedRows()).map((row) => row.updated_at),
    Array(4).fill('2026-01-15T10:35:00.000Z'),
  );
  assert.is(control.calls.length, 2);
});

test('stop before the first refresh clears its timer', async () => {
  const clock = manualRefreshClock('2026-01-15T10:30:20.000Z');
  const control = controllable(createCoinPricesSimulator({ now: clock.now }));
  const stop = refreshWith(clock, control.provider).start();
  await stop();
  assert.equal(clock.pendingDelays, []);
  assert.equal(control.calls, []);
});

test('quotes are rounded half away from zero to the column; one that cannot fit is refused, the others stored', async () => {
  const clock = manualRefreshClock('2026-01-15T10:30:20.000Z');
  const updatedAt = new Date('2026-01-15T10:30:00.000Z');
  const quote = (symbol: string, fields: Partial<CoinPriceQuote>): CoinPriceQuote => ({
    symbol,
    name: symbol,
    usdPrice: '1',
    marketCapUsd: null,
    marketCapRank: null,
    updatedAt,
    ...fields,
  });
  const provider: CoinPricesProvider = {
    kind: 'simulator',
    listPrices: async () => [
      quote('BTC', { usdPrice: '0.0000000000000000015', marketCapUsd: '1866412345678.005' }),
      quote('ETH', { usdPrice: '100000000000000000000' }),
      quote('SOL', { usdPrice: '189.42', marketCapUsd: '1'.repeat(40), marketCapRank: 3_000_000_000 }),
      quote('USDT', { usdPrice: '0.99985' }),
      quote('ZZZ', { usdPrice: '1e-7' }),
    ],
  };
  const logs = capturingLogger();
  const outcome = await refreshWith(clock, provider, { logger: logs.logger }).refreshNow();
  const refused = [
    'ETH: usdPrice 100000000000000000000 does not fit numeric(38, 18)',
    'ZZZ: usdPrice is not a non-negative decimal string',
  ];
  assert.equal(outcome, { ok: true, coins: 5, written: 3, unknownSymbols: [], refused });
  assert.equal(
    (await storedRows()).map(({ symbol, usd_price, market_cap_usd, market_cap_rank }) => ({
      symbol,
      usd_price,
      market_cap_usd,
      market_cap_rank,
    })),
    [
      { symbol: 'BTC', usd_price: '0.000000000000000002', market_cap_usd: '1866412345678.01', market_cap_rank: null },
      { symbol: 'SOL', usd_price: '189.420000000000000000', market_cap_usd: null, market_cap_rank: null },
      { symbol: 'USDT', usd_price: '0.999850000000000000', market_cap_usd: null, market_cap_rank: null },
    ],
  );
  assert.equal(
    logs.lines.filter((line) => line.msg === 'coin price quotes refused').map((line) => line.refused),
    [refused],
  );
});

test('end to end over HTTP: the refresh fills coin_price from the simulator served on loopback', async () => {
  const clock = manualRefreshClock('2026-01-15T10:30:20.000Z');
  const simulator = createCoinPricesSimulator({ now: clock.now });
  const server = await serveCoinPrices(simulator);
  try {
    const client = createCoinPricesHttpClient({ url: server.url, logger: createLogger('silent') });
    const refresh = refreshWith(clock, client);
    assert.equal(await refresh.refreshNow(), { ok: true, coins: 5, written: 4, unknownSymbols: ['ZZZ'], refused: [] });
    const btc = await refresh.lookup('BTC');
    assert.equal([btc?.usdPrice, btc?.stale], ['93164.3341125688', false]);
  } finally {
    await server.close();
  }
});

test('durations are checked, and the system clock never holds the process open', () => {
  const clock = manualRefreshClock('2026-01-15T10:30:20.000Z');
  const provider = createCoinPricesSimulator();
  assert.throws(() => refreshWith(clock, provider, { intervalMs: 0 }), /intervalMs must be a positive whole number/);
  assert.throws(
    () => refreshWith(clock, provider, { intervalMs: 60_000, maxAgeMs: 59_999 }),
    /maxAgeMs must be a whole number of milliseconds of at least intervalMs \(60000\), got 59999/,
  );
  const timer = systemRefreshClock.setTimeout(() => {}, 60_000) as NodeJS.Timeout;
  try {
    assert.is(timer.hasRef(), false);
  } finally {
    systemRefreshClock.clearTimeout(timer);
  }
});

test.run();
