// The AML HTTP client (docs/providers.md#aml-screening): the port's contract against the simulator
// served over loopback with its API key, then the request it sends, and servers that misbehave or
// refuse, each failure with its exact error; the API key never reaches a log.
import type { Logger } from 'pino';
import { test } from 'uvu';
import { serveJson } from '../../../src/providers/http-json/serve-json.ts';
import { capturingLogger, rejection, withRawServer, withServer } from '../../support/provider-test-servers.ts';
import * as assert from 'uvu/assert';
import { createLogger } from '../../../src/observability/logger.ts';
import { createAmlHttpClient } from '../../../src/providers/aml/aml-http-client.ts';
import type { AmlProvider } from '../../../src/providers/aml/aml-provider.ts';
import { createAmlSimulator } from '../../../src/providers/aml/aml-simulator.ts';
import { serveAml } from '../../../src/providers/aml/aml-simulator-server.ts';
import { rawJsonNumber } from '../../../src/providers/http-json/json-number.ts';
import { amlContract, subjects } from './aml-contract.ts';

const apiKey = 'aml-api-key-7f3e9a1c5b2d8e4f';
const silent: Logger = createLogger('silent');

amlContract('HTTP client against the simulator over loopback', async () => {
  let now = new Date(0);
  let next = 0;
  const simulator = createAmlSimulator({ now: () => now, newScreeningId: () => `scr-${(next += 1)}` });
  const server = await serveAml(simulator, { apiKey });
  return {
    provider: createAmlHttpClient({ url: server.url, apiKey, logger: silent }),
    setNow: (time) => {
      now = time;
    },
    close: () => server.close(),
  };
});

function client(url: string, options: { timeoutMs?: number; logger?: Logger; key?: string } = {}): AmlProvider {
  return createAmlHttpClient({
    url,
    apiKey: options.key ?? apiKey,
    timeoutMs: options.timeoutMs,
    logger: options.logger ?? silent,
  });
}

/** A completed screening of subjects.low, as a provider might write it. */
const completed = (fields: Record<string, unknown> = {}) => ({
  id: 'scr-9',
  asset: 'BTC',
  subject: { type: 'address', id: 'bc1qsimulated0' },
  status: 'approved',
  riskLevel: 'Medium',
  riskScore: rawJsonNumber('4.2'),
  exposures: [
    {
      category: 'Exchange',
      exposureType: 'direct',
      usdValue: '100.50',
      sharePerc: rawJsonNumber('100'),
      riskLevel: 'low',
    },
  ],
  createdAt: '2026-01-15T10:30:00Z',
  completedAt: '2026-01-15T10:31:00.500Z',
  ...fields,
});

test('screenWallet POSTs {asset, subject} to /v1/screenings with the bearer key; a path prefix is kept', async () => {
  await withServer(
    () => ({ status: 201, body: completed() }),
    async (url, received) => {
      const screening = await client(`${url}/aml-proxy/`).screenWallet({ ...subjects.low, coin: 'btc' });
      assert.equal(screening, {
        id: 'scr-9',
        coin: 'BTC',
        subject: { type: 'address', id: 'bc1qsimulated0' },
        status: 'approved',
        riskLevel: 'Medium',
        riskScore: 4.2,
        exposures: [
          { category: 'exchange', exposureType: 'direct', usdValue: '100.50', sharePerc: 100, riskLevel: 'Low' },
        ],
        createdAt: new Date('2026-01-15T10:30:00Z'),
        completedAt: new Date('2026-01-15T10:31:00.500Z'),
      });
      const [request] = received;
      assert.is(request?.method, 'POST');
      assert.is(request?.path, '/aml-proxy/v1/screenings');
      assert.is(request?.headers.authorization, `Bearer ${apiKey}`);
      assert.is(request?.headers['content-type'], 'application/json');
      assert.equal(JSON.parse(JSON.stringify(request?.json)), {
        asset: 'BTC',
        subject: { type: 'address', id: 'bc1qsimulated0' },
      });
    },
  );
});

test('getScreening GETs /v1/screenings/{id}; 404 is null; exposures come highest risk first', async () => {
  await withServer(
    (request) =>
      request.path.endsWith('/scr-9')
        ? {
            status: 200,
            body: completed({
              exposures: [
                {
                  category: 'exchange',
                  exposureType: 'direct',
                  usdValue: '80',
                  sharePerc: rawJsonNumber('80'),
                  riskLevel: 'Low',
                },
                {
                  category: 'mixing',
                  exposureType: 'indirect',
                  usdValue: '15',
                  sharePerc: rawJsonNumber('15'),
                  riskLevel: 'High',
                },
                {
                  category: 'defi',
                  exposureType: 'direct',
                  usdValue: '5',
                  sharePerc: rawJsonNumber('5'),
                  riskLevel: 'Low',
                },
              ],
            }),
          }
        : { status: 404, body: { error: 'not_found' } },
    async (url, received) => {
      const screening = await client(url).getScreening('scr-9');
      assert.equal(
        screening?.exposures.map((exposure) => exposure.category),
        ['mixing', 'exchange', 'defi'],
      );
      assert.is(await client(url).getScreening('scr-404'), null);
      assert.equal(
        received.map((request) => [request.method, request.path, request.headers.authorization]),
        [
          ['GET', '/v1/screenings/scr-9', `Bearer ${apiKey}`],
          ['GET', '/v1/screenings/scr-404', `Bearer ${apiKey}`],
        ],
      );
    },
  );
});

test('a score alone gives the level by the schema bands; a level alone leaves the score null; pending hides interim results', async () => {
  const cases: [Record<string, unknown>, { riskLevel: string | null; riskScore: number | null }][] = [
    [
      { riskLevel: null, riskScore: rawJsonNumber('2.99') },
      { riskLevel: 'Low', riskScore: 2.99 },
    ],
    [
      { riskLevel: undefined, riskScore: rawJsonNumber('3') },
      { riskLevel: 'Medium', riskScore: 3 },
    ],
    [
      { riskLevel: null, riskScore: rawJsonNumber('8.49') },
      { riskLevel: 'High', riskScore: 8.49 },
    ],
    [
      { riskLevel: null, riskScore: rawJsonNumber('8.5') },
      { riskLevel: 'Severe', riskScore: 8.5 },
    ],
    [
      { riskLevel: 'SEVERE', riskScore: null },
      { riskLevel: 'Severe', riskScore: null },
    ],
    [
      { status: 'pending', riskLevel: 'High', riskScore: rawJsonNumber('7'), completedAt: null },
      { riskLevel: null, riskScore: null },
    ],
  ];
  for (const [fields, expected] of cases) {
    await withServer(
      () => ({ status: 201, body: completed(fields) }),
      async (url) => {
        const screening = await client(url).screenWallet(subjects.low);
        assert.equal(
          { riskLevel: screening.riskLevel, riskScore: screening.riskScore },
          expected,
          JSON.stringify(fields),
        );
        if (screening.status === 'pending') assert.equal([screening.exposures, screening.completedAt], [[], null]);
      },
    );
  }
});

test('an answer about another subject, or another screening, is INTERNAL', async () => {
  await withServer(
    () => ({ status: 201, body: completed({ subject: { type: 'address', id: 'bc1qsomeoneelse' } }) }),
    async (url) => {
      const error = await rejection(client(url).screenWallet(subjects.low));
      assert.is(error.code, 'INTERNAL');
      assert.is(
        error.message,
        'AML provider answered screenWallet about BTC address "bc1qsomeoneelse" instead of the subject asked',
      );
    },
  );
  await withServer(
    () => ({ status: 200, body: completed({ id: 'scr-10' }) }),
    async (url) => {
      const error = await rejection(client(url).getScreening('scr-9'));
      assert.is(error.message, 'AML provider answered getScreening with screening "scr-10" instead of "scr-9"');
    },
  );
});

test('a refused API key is INTERNAL (a configuration fault), and the key reaches no log', async () => {
  const server = await serveAml(createAmlSimulator(), { apiKey });
  try {
    const logs = capturingLogger();
    const error = await rejection(
      client(server.url, { key: 'wrong-key-0123456789abcdef', logger: logs.logger }).screenWallet(subjects.low),
    );
    assert.is(error.code, 'INTERNAL');
    assert.match(
      error.message,
      /^AML provider refused the configured credentials \(401\) for screenWallet: missing or invalid API key \(requestId [0-9a-f-]{36}\)$/,
    );
    const lines = logs
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(
      lines.map(({ level, operation, coin, msg }) => ({ level, operation, coin, msg })),
      [{ level: 40, operation: 'screenWallet', coin: 'BTC', msg: 'AML provider request failed' }],
    );
    assert.not.match(logs.text(), /wrong-key|aml-api-key/);
  } finally {
    await server.close();
  }
});

test('a subject the provider refuses (400, 422 with a message) is BAD_REQUEST with its explanation; without one INTERNAL', async () => {
  for (const status of [400, 422]) {
    await withServer(
      () => ({ status, body: { error: 'invalid_address', message: 'not a valid bitcoin address', requestId: 'r-1' } }),
      async (url) => {
        const error = await rejection(client(url).screenWallet(subjects.low));
        assert.is(error.code, 'BAD_REQUEST');
        assert.is(error.message, 'AML provider refused the screening: not a valid bitcoin address (requestId r-1)');
      },
    );
  }
  await withServer(
    () => ({ status: 400, body: {} }),
    async (url) => {
      const error = await rejection(client(url).screenWallet(subjects.low));
      assert.is(error.code, 'INTERNAL');
      assert.is(error.message, 'AML provider answered 400 to screenWallet');
    },
  );
});

test('5xx, 429, a timeout and an unreachable provider are SERVICE_UNAVAILABLE', async () => {
  await withServer(
    () => ({ status: 503, body: { error: 'maintenance' }, headers: { 'retry-after': '60' } }),
    async (url) => {
      const error = await rejection(client(url).getScreening('scr-1'));
      assert.equal(
        [error.code, error.message, error.retryAfterSeconds],
        ['SERVICE_UNAVAILABLE', 'AML provider is unavailable: it answered 503 to getScreening', 60],
      );
    },
  );
  await withServer(
    () => ({ status: 429, body: {} }),
    async (url) => {
      const error = await rejection(client(url).screenWallet(subjects.low));
      assert.equal([error.code, error.retryAfterSeconds], ['SERVICE_UNAVAILABLE', 30]);
    },
  );
  await withRawServer(undefined, async (url) => {
    const error = await rejection(client(url, { timeoutMs: 200 }).screenWallet(subjects.low));
    assert.equal(
      [error.code, error.message],
      ['SERVICE_UNAVAILABLE', 'AML provider is unavailable: it did not answer screenWallet within 200 ms'],
    );
  });
  const server = await serveJson(() => ({ status: 200, body: {} }));
  await server.close();
  const error = await rejection(client(server.url).screenWallet(subjects.low));
  assert.equal(
    [error.code, error.message],
    ['SERVICE_UNAVAILABLE', 'AML provider is unavailable: screenWallet could not reach it (ECONNREFUSED)'],
  );
});

test('a 2xx that is not JSON, or breaks the shape, is INTERNAL naming the broken field', async () => {
  await withRawServer(
    (response) => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end('{"id": "scr-1", ');
    },
    async (url) => {
      const error = await rejection(client(url).screenWallet(subjects.low));
      assert.is(error.message, 'AML provider answered 201 to screenWallet with a body that is not JSON');
    },
  );
  const cases: [unknown, string][] = [
    [[], '$ must be an object, got an array'],
    [completed({ status: 'done' }), '$.status must be one of pending, approved, denied, auto-approved, got "done"'],
    [completed({ riskLevel: 'Extreme' }), '$.riskLevel must be one of Low, Medium, High, Severe, got "Extreme"'],
    [completed({ riskScore: rawJsonNumber('11') }), '$.riskScore must be a number from 0 to 10, got 11'],
    [completed({ riskScore: '4.2' }), '$.riskScore must be a number from 0 to 10, got "4.2"'],
    [
      completed({ riskLevel: null, riskScore: null }),
      '$.riskLevel must be given, or a riskScore, when the status is approved, got nothing',
    ],
    [completed({ completedAt: null }), '$.completedAt must be an ISO 8601 date-time with a time zone, got null'],
    [
      completed({ subject: { type: 'iban', id: 'x' } }),
      '$.subject.type must be one of address, custodianWallet, got "iban"',
    ],
    [completed({ exposures: {} }), '$.exposures must be an array, got an object'],
    [
      completed({
        exposures: [
          {
            category: 'exchange',
            exposureType: 'direct',
            usdValue: '-5',
            sharePerc: rawJsonNumber('1'),
            riskLevel: 'Low',
          },
        ],
      }),
      '$.exposures[0].usdValue must be a non-negative decimal number, got "-5"',
    ],
    [
      completed({
        exposures: [
          {
            category: 'exchange',
            exposureType: 'sideways',
            usdValue: '5',
            sharePerc: rawJsonNumber('1'),
            riskLevel: 'Low',
          },
        ],
      }),
      '$.exposures[0].exposureType must be one of direct, indirect, got "sideways"',
    ],
    [
      completed({
        exposures: [
          {
            category: 'exchange',
            exposureType: 'direct',
            usdValue: '5',
            sharePerc: rawJsonNumber('101'),
            riskLevel: 'Low',
          },
        ],
      }),
      '$.exposures[0].sharePerc must be a number from 0 to 100, got 101',
    ],
  ];
  for (const [body, message] of cases) {
    await withServer(
      () => ({ status: 201, body }),
      async (url) => {
        const error = await rejection(client(url).screenWallet(subjects.low));
        assert.is(error.code, 'INTERNAL');
        assert.is(error.message, `AML provider answered screenWallet with an unexpected shape: ${message}`);
      },
    );
  }
});

test('the simulator server answers an unknown route and a malformed body in the provider error shape', async () => {
  const server = await serveAml(createAmlSimulator(), { apiKey });
  try {
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const notFound = await fetch(`${server.url}/v2/other`, { headers });
    assert.is(notFound.status, 404);
    const body = (await notFound.json()) as Record<string, unknown>;
    assert.equal([body.error, body.message], ['not_found', 'no such route']);
    const malformed = await fetch(`${server.url}/v1/screenings`, { method: 'POST', headers, body: '{"asset": "BTC"}' });
    assert.is(malformed.status, 400);
    assert.is(
      ((await malformed.json()) as Record<string, unknown>).message,
      'the body must be {asset, subject: {type, id}}',
    );
    const badPath = await fetch(`${server.url}/v1/screenings/%E0%A4%A`, { headers });
    assert.is(badPath.status, 404);
  } finally {
    await server.close();
  }
});

test.run();
