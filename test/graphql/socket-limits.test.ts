// The limits of a graphql-ws socket are a request's (docs/identity.md#sockets): API_RATE_LIMIT
// counts socket operations and POST /graphql together, per address and per key, so a key spent
// over HTTP is refused on its socket and the reverse; sockets per address, sockets per key and
// operations at once on one socket are capped, past which a socket closes with 4429 or the
// operation is refused, while others go on; GRAPHQL_MAX_COST holds on the socket. Each socket operation writes an access log line.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BusinessApiClient, startBusinessApi } from '../support/business-api-client.ts';
import { type GraphqlSocket, openGraphqlSocket } from '../support/graphql-socket.ts';
import { startMarketDataFake } from '../support/provider-fakes/market-data-fake.ts';

const logLines: Record<string, unknown>[] = [];
const limited: BusinessApiClient = await startBusinessApi({ env: { API_RATE_LIMIT: '6' }, logLines });
const capped: BusinessApiClient = await startBusinessApi({
  env: {
    WS_MAX_SOCKETS_PER_ADDRESS: '3',
    WS_MAX_SOCKETS_PER_KEY: '2',
    WS_MAX_OPERATIONS_PER_SOCKET: '2',
    GRAPHQL_MAX_COST: '10',
  },
  providers: [await startMarketDataFake(['BTC-USD'])],
});
const sockets: GraphqlSocket[] = [];

test.after(async () => {
  for (const socket of sockets) socket.close();
  await limited.close();
  await capped.close();
});

async function open(api: BusinessApiClient, apiKey: string) {
  const opened = await openGraphqlSocket(api.service.url, { apiKey });
  sockets.push(opened.socket);
  return opened;
}

const codes = (outcome: { results: any[]; errors: any[] }) =>
  [...outcome.errors, ...outcome.results.flatMap((result) => result.errors ?? [])].map(
    (error: any) => error.extensions.code,
  );

test('API_RATE_LIMIT counts socket operations and POST /graphql against one budget, both ways', async () => {
  const ping = () => limited.graphql('{ ping }', undefined, { key: limited.adminKey });
  const { socket } = await open(limited, limited.adminKey);
  const answers: string[] = [];
  for (const via of ['http', 'ws', 'http', 'ws', 'http', 'ws', 'ws', 'http']) {
    if (via === 'http') {
      const response = await ping();
      answers.push(`http ${response.status}${response.headers.get('retry-after') ? ' retry-after' : ''}`);
    } else {
      const outcome = await socket.operation(`op${answers.length}`, '{ ping }');
      answers.push(
        outcome.results.length > 0
          ? `ws ${outcome.results[0].data.ping}`
          : `ws ${codes(outcome).join()} ${outcome.errors[0]?.extensions.retryAfterSeconds > 0 ? 'retry-after' : ''}`,
      );
    }
  }
  assert.equal(answers, [
    'http 200',
    'ws pong',
    'http 200',
    'ws pong',
    'http 200',
    'ws pong',
    'ws RATE_LIMITED retry-after',
    'http 429 retry-after',
  ]);
  // Each socket operation is accounted for as a request: one access line with its own request id.
  const lines = logLines.filter((line) => line['msg'] === 'request' && line['method'] === 'WS');
  assert.equal(
    lines.map((line) => [line['route'], line['status'], line['principal']]),
    [
      ['/graphql', 200, 'api-key:admin'],
      ['/graphql', 200, 'api-key:admin'],
      ['/graphql', 200, 'api-key:admin'],
      ['/graphql', 429, 'api-key:admin'],
    ],
  );
  assert.is(new Set(lines.map((line) => line['requestId'])).size, 4);
});

const follow = 'subscription { orderBookUpdates(productIds: ["BTC-USD"]) { productId type } }';

test('sockets per key and per address are capped with 4429; other keys go on', async () => {
  const first = await open(capped, capped.adminKey);
  const second = await open(capped, capped.adminKey);
  const third = await open(capped, capped.adminKey);
  assert.equal([first.acknowledged, second.acknowledged, third.acknowledged], [true, true, false]);
  assert.equal(await third.socket.closed.then(({ code, reason }) => [code, reason]), [
    4429,
    'too many sockets with this API key (at most 2)',
  ]);
  // Another key from the same address connects, up to the address' cap of 3 open sockets.
  const { secret } = await capped.key({ name: 'second key', kind: 'admin' });
  assert.ok((await openSoon(secret)).acknowledged);
  const past = await open(capped, secret);
  assert.equal(await past.socket.closed.then(({ code, reason }) => [code, reason]), [
    4429,
    'too many sockets from this address (at most 3)',
  ]);
});

/** A socket the server closed is counted until the server has seen the close: retried a bounded number of times. */
async function openSoon(apiKey: string) {
  let opened = await open(capped, apiKey);
  for (let attempt = 1; !opened.acknowledged && attempt < 50; attempt++) opened = await open(capped, apiKey);
  return opened;
}

test('operations at once on one socket are capped; those within the cap are served', async () => {
  for (const socket of sockets.splice(0)) {
    socket.close();
    await socket.closed;
  }
  const { socket } = await openSoon(capped.adminKey);
  void socket.operation('a', follow);
  void socket.operation('b', follow);
  const third = await socket.operation('c', follow);
  assert.equal(third.errors, [
    {
      message: 'too many operations on this socket at once (at most 2)',
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 1 },
    },
  ]);
  assert.equal(
    socket.messages
      .filter((message) => message.type === 'next')
      .map((message) => [message.id, message.payload.data.orderBookUpdates.type]),
    [
      ['a', 'SNAPSHOT'],
      ['b', 'SNAPSHOT'],
    ],
  );
});

test('an operation over GRAPHQL_MAX_COST is refused on the socket as over HTTP, before it runs, with its cost', async () => {
  const { socket } = await openSoon(capped.adminKey);
  const pings = (count: number) => `{ ${Array.from({ length: count }, (_, n) => `p${n}: ping`).join(' ')} }`;
  assert.equal((await socket.operation('within', pings(10))).results.length, 1);
  const over = await socket.operation('over', pings(11));
  assert.equal(
    [over.results, over.errors],
    [
      [],
      [
        {
          message: 'the operation costs 11 points; at most 10 are accepted per request (docs/api-limits.md)',
          extensions: { code: 'QUERY_TOO_COSTLY', cost: 11, maximum: 10 },
        },
      ],
    ],
  );
  const http = await capped.graphql(pings(11), undefined, { key: capped.adminKey });
  assert.equal(http.errors, over.errors);
});

test.run();
