// The coin prices HTTP client (docs/providers.md#coin-prices): the port's contract against the
// simulator served over loopback, then against servers that misbehave (errors, bodies that are
// not JSON or have the wrong shape, answers that never come), each failure with its exact error.
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { test } from 'uvu';
import { serveJson } from '../../../src/providers/http-json/serve-json.ts';
import { rejection, withRawServer, withServer } from '../../support/provider-test-servers.ts';
import * as assert from 'uvu/assert';
import { createLogger } from '../../../src/observability/logger.ts';
import { createCoinPricesHttpClient } from '../../../src/providers/coin-prices/coin-prices-http-client.ts';
import type { CoinPricesProvider } from '../../../src/providers/coin-prices/coin-prices-provider.ts';
import { createCoinPricesSimulator } from '../../../src/providers/coin-prices/coin-prices-simulator.ts';
import { serveCoinPrices } from '../../../src/providers/coin-prices/coin-prices-simulator-server.ts';
import { createCoinPricesProvider } from '../../../src/providers/coin-prices/create-coin-prices-provider.ts';
import { rawJsonNumber } from '../../../src/providers/http-json/json-number.ts';
import { coinPricesContract } from './coin-prices-contract.ts';

const silent: Logger = createLogger('silent');

coinPricesContract('HTTP client against the simulator over loopback', async () => {
  let now = new Date(0);
  const server = await serveCoinPrices(createCoinPricesSimulator({ now: () => now, extraSymbols: ['PEPE'] }));
  return {
    provider: createCoinPricesHttpClient({ url: server.url, logger: silent }),
    setNow: (time) => {
      now = time;
    },
    close: () => server.close(),
  };
});

function client(url: string, timeoutMs?: number): CoinPricesProvider {
  return createCoinPricesHttpClient({ url, logger: silent, timeoutMs });
}

const entry = (fields: Record<string, unknown> = {}) => ({
  id: 'bitcoin',
  symbol: 'btc',
  name: 'Bitcoin',
  current_price: rawJsonNumber('94250.12'),
  market_cap: rawJsonNumber('1866412345678'),
  market_cap_rank: 1,
  last_updated: '2026-01-15T10:29:41.512Z',
  ...fields,
});

test('asks GET /api/v3/coins/markets with vs_currency=usd and lower-case symbols, keeping a path prefix', async () => {
  await withServer(
    () => ({ status: 200, body: [entry()] }),
    async (url, received) => {
      const quotes = await client(`${url}/prices-proxy/`).listPrices(['BTC', 'eth']);
      assert.equal(quotes, [
        {
          symbol: 'BTC',
          name: 'Bitcoin',
          usdPrice: '94250.12',
          marketCapUsd: '1866412345678',
          marketCapRank: 1,
          updatedAt: new Date('2026-01-15T10:29:41.512Z'),
        },
      ]);
      assert.is(received.length, 1);
      assert.is(received[0]?.method, 'GET');
      assert.is(received[0]?.path, '/prices-proxy/api/v3/coins/markets');
      assert.equal(
        [...received[0]!.query],
        [
          ['vs_currency', 'usd'],
          ['symbols', 'btc,eth'],
        ],
      );
      assert.is(received[0]?.headers.accept, 'application/json');
    },
  );
});

test('numbers keep every digit: tiny prices, exponent notation, market caps beyond 2^53', async () => {
  await withServer(
    () => ({
      status: 200,
      body: [
        entry({ symbol: 'shib', name: 'Shiba', current_price: rawJsonNumber('0.000000012345678901234567') }),
        entry({
          symbol: 'pepe',
          name: 'Pepe',
          current_price: rawJsonNumber('1.23e-8'),
          market_cap: rawJsonNumber('9007199254740993.5'),
        }),
        entry({ symbol: 'big', name: 'Big', current_price: '1E+3', market_cap: '123456789012345678901234.56' }),
      ],
    }),
    async (url) => {
      const quotes = await client(url).listPrices(['SHIB', 'PEPE', 'BIG']);
      assert.equal(
        quotes.map(({ symbol, usdPrice, marketCapUsd }) => ({ symbol, usdPrice, marketCapUsd })),
        [
          { symbol: 'SHIB', usdPrice: '0.000000012345678901234567', marketCapUsd: '1866412345678' },
          { symbol: 'PEPE', usdPrice: '0.0000000123', marketCapUsd: '9007199254740993.5' },
          { symbol: 'BIG', usdPrice: '1000', marketCapUsd: '123456789012345678901234.56' },
        ],
      );
    },
  );
});

test('entries without a price or update time are left out; a shared symbol goes to the best rank; unknown market cap (0) is null', async () => {
  await withServer(
    () => ({
      status: 200,
      body: [
        entry({
          symbol: 'eth',
          id: 'ethereum-wormhole',
          name: 'Wrapped Ether',
          current_price: rawJsonNumber('3300'),
          market_cap_rank: 900,
        }),
        entry({
          symbol: 'eth',
          id: 'ethereum',
          name: 'Ethereum',
          current_price: rawJsonNumber('3345.67'),
          market_cap_rank: 2,
        }),
        entry({
          symbol: 'eth',
          id: 'eth-fork',
          name: 'Eth fork',
          current_price: rawJsonNumber('1'),
          market_cap_rank: null,
        }),
        entry({ symbol: 'dead', current_price: null }),
        entry({ symbol: 'stale', last_updated: null }),
        entry({ symbol: 'sol', name: null, market_cap: rawJsonNumber('0.0'), market_cap_rank: null }),
        entry({ symbol: 'xrp' }),
      ],
    }),
    async (url) => {
      const quotes = await client(url).listPrices(['SOL', 'DEAD', 'STALE', 'ETH']);
      assert.equal(
        quotes.map(({ symbol, name, usdPrice, marketCapUsd, marketCapRank }) => ({
          symbol,
          name,
          usdPrice,
          marketCapUsd,
          marketCapRank,
        })),
        [
          { symbol: 'SOL', name: null, usdPrice: '94250.12', marketCapUsd: null, marketCapRank: null },
          { symbol: 'ETH', name: 'Ethereum', usdPrice: '3345.67', marketCapUsd: '1866412345678', marketCapRank: 2 },
        ],
      );
    },
  );
});

test('more than 100 symbols are asked in several requests; none asks nothing', async () => {
  const symbols = Array.from({ length: 150 }, (_, index) => `C${index}`);
  await withServer(
    (request) => ({
      status: 200,
      body: (request.query.get('symbols') ?? '').split(',').map((symbol) => entry({ symbol })),
    }),
    async (url, received) => {
      const quotes = await client(url).listPrices(symbols);
      assert.equal(
        quotes.map((quote) => quote.symbol),
        symbols,
      );
      assert.equal(
        received.map((request) => request.query.get('symbols')?.split(',').length),
        [100, 50],
      );
      assert.equal(await client(url).listPrices([]), []);
      assert.is(received.length, 2);
    },
  );
});

test('5xx and 429 are SERVICE_UNAVAILABLE with the retry delay the source gives, else 30 s', async () => {
  const cases: [number, Record<string, string>, number][] = [
    [500, {}, 30],
    [502, {}, 30],
    [503, { 'retry-after': '120' }, 120],
    [429, { 'retry-after': '7' }, 7],
    [429, { 'retry-after': '999999' }, 3600],
  ];
  for (const [status, headers, retry] of cases) {
    await withServer(
      () => ({ status, body: { error: 'busy' }, headers }),
      async (url) => {
        const error = await rejection(client(url).listPrices(['BTC']));
        assert.is(error.code, 'SERVICE_UNAVAILABLE');
        assert.is(error.message, `Coin price source is unavailable: it answered ${status} to coins/markets`);
        assert.is(error.retryAfterSeconds, retry);
      },
    );
  }
});

test('other statuses are INTERNAL with what the source said; a redirect is not followed', async () => {
  await withServer(
    () => ({ status: 401, body: { error: 'invalid api key', requestId: 'req-77' } }),
    async (url) => {
      const error = await rejection(client(url).listPrices(['BTC']));
      assert.is(error.code, 'INTERNAL');
      assert.is(
        error.message,
        'Coin price source refused the configured credentials (401) for coins/markets: invalid api key (requestId req-77)',
      );
    },
  );
  await withServer(
    () => ({ status: 400, body: { error: 'vs_currency must be usd' } }),
    async (url) => {
      const error = await rejection(client(url).listPrices(['BTC']));
      assert.is(error.message, 'Coin price source answered 400 to coins/markets: vs_currency must be usd');
    },
  );
  await withServer(
    () => ({ status: 302, body: {}, headers: { location: 'http://127.0.0.1:9/steal' } }),
    async (url) => {
      const error = await rejection(client(url).listPrices(['BTC']));
      assert.is(error.code, 'INTERNAL');
      assert.is(error.message, 'Coin price source answered 302 to coins/markets');
    },
  );
});

test('a 200 that is not JSON, or JSON of the wrong shape, is INTERNAL naming the broken field', async () => {
  await withRawServer(
    (response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>maintenance</html>');
    },
    async (url) => {
      const error = await rejection(client(url).listPrices(['BTC']));
      assert.is(error.code, 'INTERNAL');
      assert.is(error.message, 'Coin price source answered 200 to coins/markets with a body that is not JSON');
    },
  );
  const cases: [unknown, string][] = [
    [{ data: [] }, '$ must be an array, got an object'],
    [[42], '$[0] must be an object, got 42'],
    [[entry({ symbol: 7 })], '$[0].symbol must be a string of 1 to 40 characters, got 7'],
    [[entry({ current_price: 'abc' })], '$[0].current_price must be a non-negative decimal number, got "abc"'],
    [
      [entry({ current_price: rawJsonNumber('-1.5') })],
      '$[0].current_price must be a non-negative decimal number, got -1.5',
    ],
    [[entry({ current_price: '1e999' })], '$[0].current_price must be a non-negative decimal number, got "1e999"'],
    [[entry({ current_price: 'NaN' })], '$[0].current_price must be a non-negative decimal number, got "NaN"'],
    [[entry({ market_cap: true })], '$[0].market_cap must be a non-negative decimal number, got true'],
    [
      [entry({ market_cap_rank: rawJsonNumber('1.5') })],
      '$[0].market_cap_rank must be a whole number from 1 to 10000000, got 1.5',
    ],
    [
      [entry({ last_updated: 'yesterday' })],
      '$[0].last_updated must be an ISO 8601 date-time with a time zone, got "yesterday"',
    ],
    [
      [entry({ last_updated: '2026-01-15T10:29:41' })],
      '$[0].last_updated must be an ISO 8601 date-time with a time zone, got "2026-01-15T10:29:41"',
    ],
  ];
  for (const [body, message] of cases) {
    await withServer(
      () => ({ status: 200, body }),
      async (url) => {
        const error = await rejection(client(url).listPrices(['BTC']));
        assert.is(error.code, 'INTERNAL');
        assert.is(error.message, `Coin price source answered coins/markets with an unexpected shape: ${message}`);
      },
    );
  }
});

test('a source that never answers, or stops mid-body, is SERVICE_UNAVAILABLE after the timeout', async () => {
  await withRawServer(undefined, async (url) => {
    const error = await rejection(client(url, 200).listPrices(['BTC']));
    assert.is(error.code, 'SERVICE_UNAVAILABLE');
    assert.is(error.message, 'Coin price source is unavailable: it did not answer coins/markets within 200 ms');
    assert.is(error.retryAfterSeconds, 30);
  });
  await withRawServer(
    (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[{"symbol": "btc", ');
    },
    async (url) => {
      const error = await rejection(client(url, 200).listPrices(['BTC']));
      assert.is(error.code, 'SERVICE_UNAVAILABLE');
      assert.is(error.message, 'Coin price source is unavailable: it did not answer coins/markets within 200 ms');
    },
  );
});

test('a source that cannot be reached is SERVICE_UNAVAILABLE naming the network error, never the URL', async () => {
  const server = await serveJson(() => ({ status: 200, body: [] }));
  const url = server.url;
  await server.close();
  const error = await rejection(client(`${url.replace('http://', 'http://user:pw@')}`).listPrices(['BTC']));
  assert.is(error.code, 'SERVICE_UNAVAILABLE');
  assert.is(error.message, 'Coin price source is unavailable: coins/markets could not reach it (ECONNREFUSED)');
});

test('an answer over 4 MiB is refused, declared or streamed', async () => {
  await withRawServer(
    (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(`["${'x'.repeat(4 * 1024 * 1024)}"]`);
    },
    async (url) => {
      const error = await rejection(client(url).listPrices(['BTC']));
      assert.is(error.code, 'INTERNAL');
      assert.is(error.message, 'Coin price source answered coins/markets with more than 4194304 bytes');
    },
  );
  await withRawServer(
    (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(1024 * 1024);
      for (let index = 0; index < 5; index += 1) response.write(chunk);
      response.end();
    },
    async (url) => {
      const error = await rejection(client(url).listPrices(['BTC']));
      assert.is(error.message, 'Coin price source answered coins/markets with more than 4194304 bytes');
    },
  );
});

test('with a URL the factory chooses the HTTP client, logs the origin only, and refuses a bad URL or timeout', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const provider = createCoinPricesProvider({
    url: 'https://user:secret@prices.example.org/base',
    logger: createLogger('info', sink),
  });
  assert.is(provider.kind, 'http');
  assert.equal(
    lines.map((line) => JSON.parse(line)).map(({ mode, origin, msg }) => ({ mode, origin, msg })),
    [{ mode: 'http', origin: 'https://prices.example.org', msg: 'coin prices: HTTP client' }],
  );
  assert.not.match(lines.join(''), /secret/);
  assert.throws(
    () => createCoinPricesProvider({ url: 'ftp://x', logger: silent }),
    /coin prices provider URL is not a valid http\(s\) URL/,
  );
  assert.throws(
    () => createCoinPricesProvider({ url: 'https://prices.example.org', timeoutMs: 0, logger: silent }),
    /timeoutMs must be a positive number of milliseconds, got 0/,
  );
});

test.run();
