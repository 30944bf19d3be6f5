// The simulator served over HTTP (docs/custody.md#the-simulator-over-http), spoken to with plain
// fetch: the bearer-token check, refusals of malformed requests in the custodian's error shape,
// and the BitGo-shaped JSON it writes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CustodyProvider } from '../../../src/providers/custody/custody-provider.ts';
import { createCustodySimulatorHandler } from '../../../src/providers/custody/custody-simulator-server.ts';
import { createCustodySimulator } from '../../../src/providers/custody/custody-simulator.ts';
import { listen, manualClock, testAccessToken, type LoopbackServer } from './support/custody-harness.ts';

const hexId = /^[0-9a-f]{32}$/;
const destination = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

async function withServer(
  provider: CustodyProvider,
  run: (server: LoopbackServer) => Promise<void>,
  maxBodyBytes?: number,
): Promise<void> {
  const server = await listen(createCustodySimulatorHandler(provider, { accessToken: testAccessToken, maxBodyBytes }));
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

async function call(
  url: string,
  method: string,
  body?: string,
  authorization: string | null = `Bearer ${testAccessToken}`,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== null) headers.authorization = authorization;
  const response = await fetch(url, { method, headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test('every request needs the bearer token: 401 Unauthorized otherwise, before the body is read', async () => {
  await withServer(createCustodySimulator(), async ({ url }) => {
    for (const authorization of [null, `Bearer ${testAccessToken}x`, `bearer ${testAccessToken}`, testAccessToken]) {
      const answer = await call(`${url}/api/v2/btc/wallet/add`, 'POST', '{"label":"x"}', authorization);
      assert.is(answer.status, 401, String(authorization));
      assert.equal(Object.keys(answer.body), ['error', 'name', 'requestId']);
      assert.is(answer.body.error, 'a valid bearer access token is required');
      assert.is(answer.body.name, 'Unauthorized');
      assert.match(String(answer.body.requestId), hexId);
    }
  });
});

test('unknown routes and methods are 404; malformed bodies are 400 InvalidRequest', async () => {
  await withServer(createCustodySimulator({ seed: 'server' }), async ({ url }) => {
    const unknown = await call(`${url}/api/v2/btc/wallets`, 'GET');
    assert.is(unknown.status, 404);
    assert.equal([unknown.body.name, unknown.body.error], ['NotFound', 'no route for GET /api/v2/btc/wallets']);
    const wrongMethod = await call(`${url}/api/v2/btc/wallet/add`, 'GET');
    assert.is(wrongMethod.status, 404);

    const cases: [string, string][] = [
      ['{"label":', 'the body is not JSON'],
      ['[1]', 'the body must be a JSON object'],
      ['{"label":"Treasury","type":7}', 'type must be a string'],
      ['{"label":"Treasury","type":"custodial","approvalsRequired":"1"}', 'approvalsRequired must be a number'],
      [
        '{"label":"Treasury","type":"vault"}',
        'invalid createWallet request: type must be one of custodial, hot, smart',
      ],
    ];
    for (const [body, error] of cases) {
      const answer = await call(`${url}/api/v2/btc/wallet/add`, 'POST', body);
      assert.is(answer.status, 400, body);
      assert.equal([answer.body.name, answer.body.error], ['InvalidRequest', error]);
    }
    const badSegment = await call(`${url}/api/v2/pendingapprovals/%E0%A4%A`, 'GET');
    assert.is(badSegment.status, 400);
    assert.is(badSegment.body.error, 'a path segment is not valid percent-encoding');
  });
});

test('a body over the limit is 413', async () => {
  await withServer(
    createCustodySimulator(),
    async ({ url }) => {
      const answer = await call(`${url}/api/v2/btc/wallet/add`, 'POST', JSON.stringify({ label: 'x'.repeat(300) }));
      assert.is(answer.status, 413);
      assert.is(answer.body.error, 'the body is larger than 256 bytes');
    },
    256,
  );
});

test("the custodian's refusals keep their status, name and requestId", async () => {
  const simulator = createCustodySimulator({ seed: 'server' });
  await withServer(simulator, async ({ url }) => {
    const answer = await call(`${url}/api/v2/pendingapprovals/${'0'.repeat(32)}`, 'GET');
    assert.is(answer.status, 404);
    assert.equal(answer.body, {
      error: `pending approval ${'0'.repeat(32)} not found`,
      name: 'NotFound',
      requestId: answer.body.requestId,
    });
    assert.match(String(answer.body.requestId), hexId);
  });
});

test('an unexpected failure of the provider is a 500 that does not repeat its message', async () => {
  const broken = createCustodySimulator();
  broken.getPendingApproval = async () => {
    throw new Error('database password is hunter2');
  };
  await withServer(broken, async ({ url }) => {
    const answer = await call(`${url}/api/v2/pendingapprovals/${'0'.repeat(32)}`, 'GET');
    assert.is(answer.status, 500);
    assert.equal([answer.body.name, answer.body.error], ['InternalError', 'internal error']);
  });
});

test('sendcoins answers in BitGo shape: signed amounts, entries, ISO times', async () => {
  const clock = manualClock('2026-03-02T09:00:00.000Z');
  const simulator = createCustodySimulator({ now: clock.now, seed: 'server' });
  const wallet = await simulator.createWallet({ coin: 'btc', label: 'Treasury', type: 'custodial' });
  simulator.control.receive({ walletId: wallet.id, amount: '100000000' });
  await withServer(simulator, async ({ url }) => {
    const answer = await call(
      `${url}/api/v2/btc/wallet/${wallet.id}/sendcoins`,
      'POST',
      JSON.stringify({ address: destination, amount: '150000', actingUserId: 'auth0|alice' }),
    );
    assert.is(answer.status, 200);
    const transfer = answer.body.transfer as Record<string, unknown>;
    assert.equal(answer.body, { status: 'signed', txid: transfer.txid, transfer });
    assert.equal(transfer, {
      id: transfer.id,
      coin: 'btc',
      wallet: wallet.id,
      type: 'send',
      state: 'signed',
      txid: transfer.txid,
      baseValueString: '-150000',
      feeString: '1000',
      feeCoin: 'btc',
      entries: [{ address: destination, valueString: '150000' }],
      comment: null,
      sequenceId: null,
      pendingApproval: null,
      date: '2026-03-02T09:00:00.000Z',
      createdTime: '2026-03-02T09:00:00.000Z',
      confirmedTime: null,
    });
    const amountAsNumber = await call(
      `${url}/api/v2/btc/wallet/${wallet.id}/sendcoins`,
      'POST',
      JSON.stringify({ address: destination, amount: 150000, actingUserId: 'auth0|alice' }),
    );
    assert.is(amountAsNumber.status, 400);
    assert.is(amountAsNumber.body.error, 'amount must be a string');
  });
});

test("a wallet answers in BitGo shape: its coin's balance strings at the top, tokens under tokens", async () => {
  const simulator = createCustodySimulator({ seed: 'server' });
  const wallet = await simulator.createWallet({ coin: 'eth', label: 'Treasury', type: 'custodial' });
  simulator.control.receive({ walletId: wallet.id, amount: '1000000000000000000' });
  simulator.control.receive({ walletId: wallet.id, coin: 'usdc', amount: '5000000', confirmed: false });
  await withServer(simulator, async ({ url }) => {
    const answer = await call(`${url}/api/v2/eth/wallet/${wallet.id}`, 'GET');
    assert.is(answer.status, 200);
    assert.equal(answer.body, {
      id: wallet.id,
      coin: 'eth',
      balanceString: '1000000000000000000',
      confirmedBalanceString: '1000000000000000000',
      spendableBalanceString: '1000000000000000000',
      tokens: { usdc: { balanceString: '5000000', confirmedBalanceString: '0', spendableBalanceString: '0' } },
    });
    const unknown = await call(`${url}/api/v2/eth/wallet/${'c'.repeat(32)}`, 'GET');
    assert.equal([unknown.status, unknown.body.name], [404, 'NotFound']);
  });
});

test.run();
