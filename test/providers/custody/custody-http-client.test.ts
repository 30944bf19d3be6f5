// The custody HTTP client against hand-written servers (docs/custody.md#the-http-client): the
// requests it sends, written out here apart from src/ so a mistake shared with the simulator's
// server cannot hide; BitGo-shaped answers with fields the client does not use; and custodians
// that misbehave: error bodies, HTML, wrong shapes, silence, redirects, a token echoed back.
import type http from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCustodyProvider } from '../../../src/providers/custody/create-custody-provider.ts';
import { capturingLogger, custodyRejection, listen, silentLogger, testAccessToken } from './support/custody-harness.ts';

const walletId = '5b1e3f0c9a2d4e6f8a0b1c2d3e4f5a6b';
const transferId = '61c0ffee00000000000000000000abcd';
const approvalId = '7a1f00000000000000000000000000aa';
const destination = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ownAddress = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Reply = (received: Received, response: http.ServerResponse) => void;

function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

async function withCustodian(
  reply: Reply,
  run: (context: { url: string; received: Received[] }) => Promise<void>,
): Promise<void> {
  const received: Received[] = [];
  const server = await listen((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      reply(entry, response);
    });
  });
  try {
    await run({ url: server.url, received });
  } finally {
    await server.close();
  }
}

function client(url: string, timeoutMs?: number, logger = silentLogger()) {
  return createCustodyProvider({ url, accessToken: testAccessToken, timeoutMs, logger });
}

/** A transfer as BitGo writes one, with fields this client ignores. */
const bitgoTransfer = {
  id: transferId,
  coin: 'btc',
  wallet: walletId,
  enterprise: '5a1e0000000000000000000000000001',
  txid: 'b6f6991d03df0e2e04dafffcd6bc418aac66049e2cd74b80f14ac86db1e3f0da',
  height: 999999999,
  type: 'send',
  value: -150000,
  valueString: '-151000',
  baseValue: -150000,
  baseValueString: '-150000',
  feeString: '1000',
  state: 'signed',
  entries: [
    { address: ownAddress, wallet: walletId, value: -151000, valueString: '-151000' },
    { address: destination, value: 150000, valueString: '150000' },
  ],
  comment: 'Invoice 2026-0042',
  sequenceId: 'payout-42',
  date: '2026-03-02T09:05:00.000Z',
  createdTime: '2026-03-02T09:00:00.000Z',
  usd: 95.31,
  tags: [walletId],
};

const expectedTransfer = {
  id: transferId,
  walletId,
  coin: 'btc',
  type: 'send',
  state: 'signed',
  amount: '150000',
  fee: '1000',
  // BitGo does not name the fee's coin: the platform takes its network's (docs/custody.md#rest-shapes).
  feeCoin: null,
  txid: 'b6f6991d03df0e2e04dafffcd6bc418aac66049e2cd74b80f14ac86db1e3f0da',
  counterpartyAddress: destination,
  comment: 'Invoice 2026-0042',
  sequenceId: 'payout-42',
  pendingApprovalId: null,
  createdAt: new Date('2026-03-02T09:00:00.000Z'),
  updatedAt: new Date('2026-03-02T09:05:00.000Z'),
  confirmedAt: null,
};

const bitgoApproval = {
  id: approvalId,
  coin: 'btc',
  wallet: walletId,
  enterprise: '5a1e0000000000000000000000000001',
  creator: 'auth0|alice',
  createDate: '2026-03-02T09:00:00.000Z',
  state: 'pending',
  scope: 'wallet',
  userIds: ['auth0|alice', 'auth0|bob'],
  approvalsRequired: 2,
  resolvers: [{ user: 'auth0|bob', date: '2026-03-02T09:03:00Z', resolutionType: 'approved' }],
  info: {
    type: 'transactionRequest',
    transactionRequest: {
      requestedAmount: '150000',
      recipients: [{ address: destination, amount: '150000' }],
      transferId,
      fee: 1000,
    },
  },
};

test('sends BitGo-shaped requests with the bearer token, and reads BitGo-shaped answers', async () => {
  const reply: Reply = (received, response) => {
    const path = received.url.split('?')[0];
    if (path === '/custody-proxy/api/v2/btc/wallet/add') {
      sendJson(response, 200, {
        id: walletId,
        coin: 'btc',
        label: 'Treasury',
        type: 'custodial',
        m: 2,
        n: 3,
        approvalsRequired: 1,
        balanceString: '0',
        receiveAddress: {
          id: '5b1e3f0c9a2d4e6f8a0b1c2d3e4f0000',
          address: ownAddress,
          chain: 20,
          index: 0,
          coin: 'btc',
          wallet: walletId,
        },
      });
    } else if (path === `/custody-proxy/api/v2/btc/wallet/${walletId}/sendcoins`) {
      sendJson(response, 200, { status: 'signed', txid: bitgoTransfer.txid, tx: '0100…', transfer: bitgoTransfer });
    } else if (path === `/custody-proxy/api/v2/btc/wallet/${walletId}/transfer`) {
      sendJson(response, 200, { coin: 'btc', transfers: [bitgoTransfer], nextBatchPrevId: transferId });
    } else if (path === `/custody-proxy/api/v2/pendingapprovals/${approvalId}`) {
      sendJson(response, 200, bitgoApproval);
    } else if (path === `/custody-proxy/api/v2/btc/wallet/${walletId}/policy/rule`) {
      sendJson(response, 200, {
        id: walletId,
        coin: 'btc',
        admin: {
          policy: {
            id: 'p1',
            version: 3,
            rules: [
              { id: 'limit', type: 'velocityLimit', action: { type: 'getApproval' }, condition: { amountString: '1' } },
              {
                id: 'whitelist',
                type: 'advancedWhitelist',
                action: { type: 'deny' },
                condition: { entries: [{ type: 'address', item: destination, metaData: { label: 'Cold storage' } }] },
              },
            ],
          },
        },
      });
    } else {
      sendJson(response, 404, { error: 'no such route', name: 'NotFound', requestId: 'r-404' });
    }
  };
  await withCustodian(reply, async ({ url, received }) => {
    const provider = client(`${url}/custody-proxy/`);
    assert.equal(
      await provider.createWallet({ coin: 'btc', label: 'Treasury', type: 'custodial', approvalsRequired: 1 }),
      {
        id: walletId,
        coin: 'btc',
        label: 'Treasury',
        type: 'custodial',
        approvalsRequired: 1,
        receiveAddress: {
          id: '5b1e3f0c9a2d4e6f8a0b1c2d3e4f0000',
          walletId,
          coin: 'btc',
          address: ownAddress,
          index: 0,
          label: null,
        },
      },
    );
    const sent = await provider.sendCoins({
      coin: 'btc',
      walletId,
      address: destination,
      amount: '150000',
      sequenceId: 'payout-42',
      comment: 'Invoice 2026-0042',
      userId: 'auth0|alice',
    });
    assert.equal(sent, { outcome: 'transfer', transfer: expectedTransfer });
    assert.equal(
      await provider.listTransfers({
        coin: 'btc',
        walletId,
        prevId: 'ab'.repeat(16),
        dateGte: new Date('2026-03-01T00:00:00Z'),
        limit: 10,
      }),
      { transfers: [expectedTransfer], nextBatchPrevId: transferId },
    );
    const approval = await provider.resolvePendingApproval({
      approvalId,
      decision: 'approved',
      userId: 'auth0|carol',
      comment: 'ok',
    });
    assert.equal(approval, {
      id: approvalId,
      walletId,
      coin: 'btc',
      kind: 'transfer',
      state: 'pending',
      approvalsRequired: 2,
      approvalsReceived: 1,
      creator: 'auth0|alice',
      resolutions: [
        { userId: 'auth0|bob', decision: 'approved', date: new Date('2026-03-02T09:03:00Z'), comment: null },
      ],
      transferId,
      address: destination,
      amount: '150000',
      label: null,
      createdAt: new Date('2026-03-02T09:00:00Z'),
      resolvedAt: null,
    });
    assert.equal(
      await provider.addWhitelistAddress({
        coin: 'btc',
        walletId,
        address: destination,
        label: 'Cold storage',
        userId: 'auth0|alice',
      }),
      { outcome: 'applied', whitelist: [{ address: destination, label: 'Cold storage' }] },
    );

    assert.equal(
      received.map(({ method, url: path, body }) => [method, path, body === '' ? undefined : JSON.parse(body)]),
      [
        [
          'POST',
          '/custody-proxy/api/v2/btc/wallet/add',
          { label: 'Treasury', type: 'custodial', approvalsRequired: 1 },
        ],
        [
          'POST',
          `/custody-proxy/api/v2/btc/wallet/${walletId}/sendcoins`,
          {
            address: destination,
            amount: '150000',
            actingUserId: 'auth0|alice',
            sequenceId: 'payout-42',
            comment: 'Invoice 2026-0042',
          },
        ],
        [
          'GET',
          `/custody-proxy/api/v2/btc/wallet/${walletId}/transfer?allTokens=true&limit=10&prevId=${'ab'.repeat(16)}&dateGte=2026-03-01T00%3A00%3A00.000Z`,
          undefined,
        ],
        [
          'PUT',
          `/custody-proxy/api/v2/pendingapprovals/${approvalId}`,
          { state: 'approved', actingUserId: 'auth0|carol', comment: 'ok' },
        ],
        [
          'PUT',
          `/custody-proxy/api/v2/btc/wallet/${walletId}/policy/rule`,
          {
            id: 'whitelist',
            type: 'advancedWhitelist',
            condition: { add: { type: 'address', item: destination, metaData: { label: 'Cold storage' } } },
            action: { type: 'deny' },
            actingUserId: 'auth0|alice',
          },
        ],
      ],
    );
    for (const request of received) {
      assert.is(request.headers.authorization, `Bearer ${testAccessToken}`);
      assert.is(request.headers.accept, 'application/json');
      assert.is(request.headers['content-type'], request.method === 'GET' ? undefined : 'application/json');
    }
  });
});

test('a 500 with a BitGo error body is SERVICE_UNAVAILABLE carrying the custodian message and requestId, not in its message', async () => {
  const reply: Reply = (_received, response) =>
    sendJson(response, 500, { error: 'wallet service is degraded', name: 'InternalError', requestId: 'ck0ab12cd-9f' });
  await withCustodian(reply, async ({ url }) => {
    const error = await custodyRejection(client(url).getPendingApproval(approvalId));
    assert.is(error.code, 'SERVICE_UNAVAILABLE');
    assert.is(error.httpStatus, 503);
    assert.is(error.reason, 'unavailable');
    assert.is(error.providerStatus, 500);
    assert.equal(error.custodian, {
      error: 'wallet service is degraded',
      name: 'InternalError',
      requestId: 'ck0ab12cd-9f',
    });
    assert.is(error.message, 'custodian failed getPendingApproval: unavailable (HTTP 500)');
    assert.is(error.retryAfterSeconds, 5);
  });
});

test("a 503 or 429 takes the custodian's Retry-After", async () => {
  for (const status of [503, 429]) {
    const reply: Reply = (_received, response) =>
      sendJson(
        response,
        status,
        { error: 'slow down', name: 'TooManyRequests', requestId: 'r1' },
        { 'retry-after': '17' },
      );
    await withCustodian(reply, async ({ url }) => {
      const error = await custodyRejection(client(url).getPendingApproval(approvalId));
      assert.is(error.code, 'SERVICE_UNAVAILABLE');
      assert.is(error.retryAfterSeconds, 17);
      assert.is(
        error.message,
        `custodian ${status >= 500 ? 'failed' : 'refused'} getPendingApproval: unavailable (HTTP ${status})`,
      );
    });
  }
});

test('a 502 from a proxy with an HTML page is SERVICE_UNAVAILABLE without custodian details', async () => {
  const reply: Reply = (_received, response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end('<html><h1>502 Bad Gateway</h1></html>');
  };
  await withCustodian(reply, async ({ url }) => {
    const error = await custodyRejection(
      client(url).sendCoins({ coin: 'btc', walletId, address: destination, amount: '1', userId: 'auth0|alice' }),
    );
    assert.is(error.code, 'SERVICE_UNAVAILABLE');
    assert.is(error.message, 'custodian answered sendCoins with HTTP 502');
    assert.is(error.custodian, undefined);
    assert.is(error.providerStatus, 502);
  });
});

test('known error names map to their reason; unknown names fall back to the status', async () => {
  const cases: [number, unknown, string, string][] = [
    [400, { error: 'too poor', name: 'InsufficientBalance', requestId: 'r' }, 'CONFLICT', 'insufficientBalance'],
    [403, { error: 'own request', name: 'SelfApprovalNotAllowed', requestId: 'r' }, 'FORBIDDEN', 'selfApproval'],
    [400, { error: 'bad field', name: 'SomethingElse' }, 'BAD_REQUEST', 'invalidRequest'],
    [404, 'not json at all', 'NOT_FOUND', 'notFound'],
    [409, { error: 'busy', name: 'Locked' }, 'CONFLICT', 'conflict'],
    [401, { error: 'token expired', name: 'Unauthorized' }, 'INTERNAL', 'unauthorized'],
    [403, { error: 'scope missing', name: 'Forbidden' }, 'INTERNAL', 'unauthorized'],
    [418, { error: 'teapot', name: 'Teapot' }, 'INTERNAL', 'badResponse'],
  ];
  for (const [status, body, code, reason] of cases) {
    const reply: Reply = (_received, response) => sendJson(response, status, body);
    await withCustodian(reply, async ({ url }) => {
      const error = await custodyRejection(client(url).getTransfer('btc', walletId, transferId));
      assert.is(error.code, code, `HTTP ${status} ${JSON.stringify(body)}`);
      assert.is(error.reason, reason);
      assert.is(error.providerStatus, status);
    });
  }
});

test('a 401 is INTERNAL: the operator must fix the token, and clients see a masked message', async () => {
  const reply: Reply = (_received, response) =>
    sendJson(response, 401, { error: 'invalid access token', name: 'Unauthorized', requestId: 'r9' });
  await withCustodian(reply, async ({ url }) => {
    const error = await custodyRejection(client(url).createAddress({ coin: 'btc', walletId }));
    assert.is(error.code, 'INTERNAL');
    assert.is(error.publicMessage, 'Internal server error');
    assert.is(error.message, 'custodian refused createAddress: unauthorized (HTTP 401)');
  });
});

test('a 2xx whose body is not JSON is INTERNAL, and the body is not quoted', async () => {
  const reply: Reply = (_received, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`{"id": "${approvalId}", "creator": "auth0|alice",`);
  };
  await withCustodian(reply, async ({ url }) => {
    const error = await custodyRejection(client(url).getPendingApproval(approvalId));
    assert.is(error.code, 'INTERNAL');
    assert.is(error.reason, 'badResponse');
    assert.is(error.message, 'custodian answered getPendingApproval with HTTP 200 and a body that is not JSON');
  });
});

test('a 2xx of the wrong shape is INTERNAL naming the first misfit by its path', async () => {
  const cases: [unknown, string][] = [
    [{ ...bitgoTransfer, state: 'settled' }, '/state must be equal to one of the allowed values'],
    [{ ...bitgoTransfer, id: undefined }, "(body) must have required property 'id'"],
    [{ ...bitgoTransfer, baseValueString: '150000' }, '/baseValueString has the wrong sign for a send'],
    [{ ...bitgoTransfer, baseValueString: '-1.5' }, '/baseValueString must match pattern "^(0|-?[1-9][0-9]*)$"'],
    [{ ...bitgoTransfer, createdTime: 'yesterday' }, '/createdTime must match pattern'],
    [{ ...bitgoTransfer, createdTime: '2026-02-30T25:00:00Z' }, '/createdTime is not a valid date'],
    [{ ...bitgoTransfer, wallet: 'ab'.repeat(16) }, `it is about wallet ${'ab'.repeat(16)}, not ${walletId}`],
    [[bitgoTransfer], '(body) must be object'],
  ];
  for (const [body, misfit] of cases) {
    const reply: Reply = (_received, response) => sendJson(response, 200, body);
    await withCustodian(reply, async ({ url }) => {
      const error = await custodyRejection(client(url).getTransfer('btc', walletId, transferId));
      assert.is(error.code, 'INTERNAL');
      assert.is(error.reason, 'badResponse');
      assert.ok(
        error.message.startsWith(`custodian answered getTransfer with HTTP 200 and an unexpected body: ${misfit}`),
        error.message,
      );
    });
  }
});

test("lists a wallet's pending approvals from BitGo's listing, leaving out kinds it does not read", async () => {
  const whitelistApproval = {
    ...bitgoApproval,
    id: '7a1f00000000000000000000000000bb',
    approvalsRequired: 1,
    resolvers: [],
    info: {
      type: 'policyRuleRequest',
      policyRuleRequest: {
        action: 'update',
        update: {
          id: 'whitelist',
          type: 'advancedWhitelist',
          condition: { add: { type: 'address', item: destination, metaData: { label: 'Cold storage' } } },
          action: { type: 'deny' },
        },
      },
    },
  };
  const listing = {
    pendingApprovals: [
      bitgoApproval,
      { ...bitgoApproval, id: '7a1f00000000000000000000000000cc', info: { type: 'userChangeRequest' } },
      {
        ...whitelistApproval,
        id: '7a1f00000000000000000000000000dd',
        info: {
          type: 'policyRuleRequest',
          policyRuleRequest: { action: 'update', update: { type: 'velocityLimit', condition: { amountString: '1' } } },
        },
      },
      { ...whitelistApproval, id: '7a1f00000000000000000000000000ee', state: 'approved' },
      whitelistApproval,
    ],
  };
  await withCustodian(
    (_received, response) => sendJson(response, 200, listing),
    async ({ url, received }) => {
      const approvals = await client(url).listPendingApprovals(walletId);
      assert.equal(
        received.map((request) => `${request.method} ${request.url}`),
        [`GET /api/v2/pendingapprovals?walletId=${walletId}`],
      );
      assert.equal(
        approvals.map((approval) => [approval.id, approval.kind, approval.address, approval.label]),
        [
          [approvalId, 'transfer', destination, null],
          [whitelistApproval.id, 'whitelistAdd', destination, 'Cold storage'],
        ],
      );
    },
  );
  const misfits: [unknown, string][] = [
    [
      { pendingApprovals: [bitgoApproval, { ...whitelistApproval, createDate: 'today' }] },
      '/pendingApprovals/1/createDate',
    ],
    [{ pendingApprovals: [{ id: approvalId }] }, "/pendingApprovals/0 must have required property 'info'"],
    [{ pendingApprovals: [{ ...bitgoApproval, wallet: 'ab'.repeat(16) }] }, `it is about wallet ${'ab'.repeat(16)}`],
    [{}, "(body) must have required property 'pendingApprovals'"],
  ];
  for (const [body, misfit] of misfits) {
    await withCustodian(
      (_received, response) => sendJson(response, 200, body),
      async ({ url }) => {
        const error = await custodyRejection(client(url).listPendingApprovals(walletId));
        assert.is(error.reason, 'badResponse');
        assert.ok(error.message.includes(`unexpected body: ${misfit}`), error.message);
      },
    );
  }
});

test("reads a wallet's balances from BitGo's wallet answer: its coin at the top, tokens under tokens", async () => {
  const ethWallet = 'e7'.repeat(16);
  const token = (balance: string, confirmed: string, spendable: string) => ({
    balance: Number(balance),
    balanceString: balance,
    confirmedBalanceString: confirmed,
    spendableBalanceString: spendable,
    lockedBalanceString: '0',
    transferCount: 3,
  });
  const reply: Reply = (_received, response) =>
    sendJson(response, 200, {
      id: ethWallet,
      coin: 'eth',
      label: 'Treasury',
      m: 2,
      n: 3,
      balance: 1.2e18,
      balanceString: '1200000000000000000',
      confirmedBalanceString: '1000000000000000001',
      spendableBalanceString: '999580000000000001',
      // Out of order, as a JSON object may come: read back by coin id.
      tokens: { usdt: token('7', '7', '0'), usdc: token('5000000', '5000000', '4000000') },
      receiveAddress: {
        id: 'ab'.repeat(16),
        address: `0x${'12'.repeat(20)}`,
        coin: 'eth',
        wallet: ethWallet,
        index: 0,
      },
    });
  await withCustodian(reply, async ({ url, received }) => {
    const balances = await client(`${url}/custody-proxy`).getWalletBalances('eth', ethWallet);
    assert.equal(balances, {
      walletId: ethWallet,
      coin: 'eth',
      balances: [
        {
          coin: 'eth',
          balance: '1200000000000000000',
          confirmedBalance: '1000000000000000001',
          spendableBalance: '999580000000000001',
        },
        { coin: 'usdc', balance: '5000000', confirmedBalance: '5000000', spendableBalance: '4000000' },
        { coin: 'usdt', balance: '7', confirmedBalance: '7', spendableBalance: '0' },
      ],
    });
    assert.equal(
      received.map((request) => [request.method, request.url, request.headers.authorization]),
      [['GET', `/custody-proxy/api/v2/eth/wallet/${ethWallet}`, `Bearer ${testAccessToken}`]],
    );
  });
  const misfits: [unknown, string][] = [
    [
      { id: ethWallet, coin: 'eth', balanceString: '1', confirmedBalanceString: '1' },
      "must have required property 'spendableBalanceString'",
    ],
    [
      { id: ethWallet, coin: 'eth', balanceString: '1', confirmedBalanceString: '1', spendableBalanceString: 1 },
      '/spendableBalanceString must be string',
    ],
    [
      { id: ethWallet, coin: 'eth', balanceString: '1', confirmedBalanceString: '0.5', spendableBalanceString: '0' },
      '/confirmedBalanceString must match pattern',
    ],
    [
      {
        id: ethWallet,
        coin: 'eth',
        balanceString: '1',
        confirmedBalanceString: '1',
        spendableBalanceString: '1',
        tokens: { usdc: { balanceString: '1' } },
      },
      "/tokens/usdc must have required property 'confirmedBalanceString'",
    ],
    [
      { id: walletId, coin: 'eth', balanceString: '1', confirmedBalanceString: '1', spendableBalanceString: '1' },
      `it is about wallet ${walletId}, not ${ethWallet}`,
    ],
  ];
  for (const [body, misfit] of misfits) {
    await withCustodian(
      (_received, response) => sendJson(response, 200, body),
      async ({ url }) => {
        const error = await custodyRejection(client(url).getWalletBalances('eth', ethWallet));
        assert.is(error.reason, 'badResponse');
        assert.ok(
          error.message.startsWith(`custodian answered getWalletBalances with HTTP 200 and an unexpected body: `),
          error.message,
        );
        assert.ok(error.message.includes(misfit), `${error.message} should name ${misfit}`);
      },
    );
  }
});

test('a custodian slower than the timeout is SERVICE_UNAVAILABLE naming the timeout', async () => {
  const silent: Reply = () => {
    /* never answers; the server closes the connection at the end */
  };
  await withCustodian(silent, async ({ url }) => {
    const error = await custodyRejection(client(url, 200).listTransfers({ coin: 'btc', walletId }));
    assert.is(error.code, 'SERVICE_UNAVAILABLE');
    assert.is(error.reason, 'unavailable');
    assert.is(error.message, 'custodian did not answer listTransfers within the 200 ms timeout');
    assert.is((error.cause as Error).name, 'TimeoutError');
    assert.is(error.retryAfterSeconds, 5);
  });
  const stalls: Reply = (_received, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"coin":"btc","transfers":[');
  };
  await withCustodian(stalls, async ({ url }) => {
    const error = await custodyRejection(client(url, 200).listTransfers({ coin: 'btc', walletId }));
    assert.is(error.code, 'SERVICE_UNAVAILABLE');
    assert.is(error.message, 'custodian did not answer listTransfers within the 200 ms timeout');
  });
});

test('an unreachable custodian is SERVICE_UNAVAILABLE', async () => {
  const server = await listen(() => {});
  await server.close();
  const error = await custodyRejection(client(server.url).createWallet({ coin: 'btc', label: 'x', type: 'custodial' }));
  assert.is(error.code, 'SERVICE_UNAVAILABLE');
  assert.match(error.message, /^custodian could not be reached for createWallet: .*ECONNREFUSED/);
});

test('the access token is sent as a bearer token and never reaches an error or a log', async () => {
  const echo: Reply = (received, response) =>
    sendJson(response, 400, {
      error: `bad request from ${String(received.headers.authorization)}`,
      name: `Name${testAccessToken}`,
      requestId: testAccessToken,
    });
  await withCustodian(echo, async ({ url, received }) => {
    const logs = capturingLogger();
    const error = await custodyRejection(
      client(url, undefined, logs.logger).sendCoins({
        coin: 'btc',
        walletId,
        address: destination,
        amount: '1',
        userId: 'auth0|alice',
      }),
    );
    assert.is(received[0]?.headers.authorization, `Bearer ${testAccessToken}`);
    assert.is(error.message, 'custodian refused sendCoins: invalidRequest (HTTP 400)');
    assert.equal(error.custodian, {
      error: 'bad request from Bearer [redacted]',
      name: 'Name[redacted]',
      requestId: '[redacted]',
    });
    assert.match(logs.text(), /custodian request failed/);
    for (const text of [error.message, JSON.stringify(error.custodian), String(error.stack), logs.text()]) {
      assert.not.ok(text.includes(testAccessToken), text);
    }
  });
});

test('a redirect is not followed: the token goes to the configured custodian only', async () => {
  const reply: Reply = (_received, response) => {
    response.writeHead(307, { location: 'http://127.0.0.1:9/steal' });
    response.end();
  };
  await withCustodian(reply, async ({ url, received }) => {
    const error = await custodyRejection(client(url).createWallet({ coin: 'btc', label: 'x', type: 'custodial' }));
    assert.is(error.code, 'INTERNAL');
    assert.is(error.reason, 'badResponse');
    assert.is(error.message, 'custodian answered createWallet with HTTP 307');
    assert.is(received.length, 1);
  });
});

test('an answer declaring more bytes than accepted is refused unread', async () => {
  const reply: Reply = (_received, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(9 * 1024 * 1024) });
    response.write('{');
  };
  await withCustodian(reply, async ({ url }) => {
    const error = await custodyRejection(client(url).listTransfers({ coin: 'btc', walletId }));
    assert.is(error.code, 'INTERNAL');
    assert.is(error.message, 'custodian answered listTransfers with 9437184 bytes, more than the 8388608 accepted');
  });
});

test('invalid input is refused before any request is sent', async () => {
  await withCustodian(
    (_received, response) => sendJson(response, 200, {}),
    async ({ url, received }) => {
      const error = await custodyRejection(
        client(url).resolvePendingApproval({ approvalId: 'nope', decision: 'approved', userId: '' }),
      );
      assert.is(error.code, 'VALIDATION_FAILED');
      assert.equal(
        error.details?.map((detail) => detail.path),
        ['approvalId', 'userId'],
      );
      assert.is(received.length, 0);
    },
  );
});

test('a URL without an access token, or a bad URL or timeout, is a configuration error at creation', () => {
  const logger = silentLogger();
  assert.throws(
    () => createCustodyProvider({ url: 'http://127.0.0.1:9', logger }),
    /custody provider URL http:\/\/127\.0\.0\.1:9 is configured but accessToken is missing/,
  );
  try {
    createCustodyProvider({ url: 'https://user:hunter2@custody.example.org/', logger });
    assert.unreachable('expected a configuration error');
  } catch (error) {
    assert.match((error as Error).message, /https:\/\/custody\.example\.org is configured/);
    assert.not.match((error as Error).message, /hunter2/);
  }
  assert.throws(
    () => createCustodyProvider({ url: 'ftp://custody.example.org', accessToken: testAccessToken, logger }),
    /custody provider URL is not a valid http\(s\) URL/,
  );
  assert.throws(
    () => createCustodyProvider({ url: 'http://127.0.0.1:9', accessToken: testAccessToken, logger, timeoutMs: 0 }),
    /timeoutMs must be a positive number/,
  );
});

test.run();
