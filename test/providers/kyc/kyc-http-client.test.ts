// The KYC HTTP client against a real local server that plays the provider and checks the
// signature with its own copy of the formula (docs/domain.md#kyc).
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../src/errors/app-error.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { createKycProvider } from '../../../src/providers/kyc/create-kyc-provider.ts';
import { createKycHttpClient } from '../../../src/providers/kyc/kyc-http-client.ts';
import type { KycAccessTokenRequest } from '../../../src/providers/kyc/kyc-provider.ts';

const appToken = 'sbx:app-token-4711';
const secretKey = 'kyc-secret-key-0f9e8d7c6b5a';
const issuedToken = '_act-sbx-jwt-eyJhbGciOiJub25lIn0.eyJqdGkiOiJfYWN0LXNieC1wcm92aWRlciJ9.';
const request: KycAccessTokenRequest = { userId: 'auth0|65a1b2c3', levelName: 'basic-kyc-level', ttlInSecs: 600 };

interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  signatureValid: boolean;
}

type Reply = (received: ReceivedRequest, response: http.ServerResponse) => void;

interface FakeProvider {
  url: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** Written apart from src/ on purpose: a shared mistake in the formula would go unnoticed. */
function providerSignature(ts: string, method: string, pathWithQuery: string, body: string): string {
  return createHmac('sha256', secretKey)
    .update(ts + method + pathWithQuery + body)
    .digest('hex');
}

function hasValidSignature(method: string, url: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const ts = String(headers['x-app-access-ts'] ?? '');
  const presented = Buffer.from(String(headers['x-app-access-sig'] ?? ''), 'utf8');
  const expected = Buffer.from(providerSignature(ts, method, url, body), 'utf8');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

const answerToken: Reply = (received, response) => {
  if (!received.signatureValid || received.headers['x-app-token'] !== appToken) {
    sendJson(response, 401, { description: 'Request signature mismatch', code: 401 });
    return;
  }
  const userId = new URL(received.url, 'http://provider').searchParams.get('userId');
  sendJson(response, 200, { token: issuedToken, userId });
};

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function startFakeProvider(reply: Reply): Promise<FakeProvider> {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? '';
      const url = req.url ?? '';
      const body = Buffer.concat(chunks).toString('utf8');
      const entry = {
        method,
        url,
        headers: req.headers,
        body,
        signatureValid: hasValidSignature(method, url, req.headers, body),
      };
      received.push(entry);
      reply(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function capturingLogger(): { logger: Logger; text(): string } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('debug', sink), text: () => lines.join('') };
}

async function withProvider(reply: Reply, run: (provider: FakeProvider) => Promise<void>): Promise<void> {
  const provider = await startFakeProvider(reply);
  try {
    await run(provider);
  } finally {
    await provider.close();
  }
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, AppError);
    return error as AppError;
  }
  throw new Error('expected the promise to reject');
}

function clientFor(url: string, logger: Logger = capturingLogger().logger, timeoutMs?: number) {
  return createKycProvider({ url, appToken, secretKey, logger, timeoutMs });
}

test('signs the request, sends query and body as the provider expects, and returns its token', async () => {
  await withProvider(answerToken, async (provider) => {
    const logs = capturingLogger();
    const now = new Date('2026-01-15T10:30:00.000Z');
    const client = createKycHttpClient({ url: provider.url, appToken, secretKey, logger: logs.logger, now: () => now });
    const result = await client.createAccessToken({
      userId: "auth0|65a1 o'brien (x)*!",
      levelName: 'basic-kyc-level',
      ttlInSecs: 600,
      email: 'jane.doe@example.org',
      firstName: 'Jane',
      currency: 'EUR',
      amount: '2500.00',
    });

    assert.is(provider.received.length, 1);
    const [received] = provider.received;
    assert.is(received?.method, 'POST');
    assert.is(
      received?.url,
      '/resources/accessTokens?userId=auth0%7C65a1%20o%27brien%20%28x%29%2A%21&levelName=basic-kyc-level&ttlInSecs=600',
    );
    assert.equal(JSON.parse(received?.body ?? ''), {
      email: 'jane.doe@example.org',
      firstName: 'Jane',
      currency: 'EUR',
      amount: '2500.00',
    });
    assert.is(received?.headers['x-app-token'], appToken);
    assert.is(received?.headers['x-app-access-ts'], String(Date.parse('2026-01-15T10:30:00Z') / 1000));
    assert.is(
      received?.headers['x-app-access-sig'],
      providerSignature('1768473000', 'POST', received?.url ?? '', received?.body ?? ''),
    );
    assert.match(String(received?.headers['x-app-access-sig']), /^[0-9a-f]{64}$/);
    assert.is(received?.headers['content-type'], 'application/json');
    assert.is(received?.headers.accept, 'application/json');

    assert.equal(result, {
      token: issuedToken,
      userId: "auth0|65a1 o'brien (x)*!",
      expiresAt: new Date('2026-01-15T10:40:00.000Z'),
    });
    assert.not.match(logs.text(), new RegExp(`${secretKey}|${issuedToken.slice(0, 40)}`));
  });
});

test('a base URL with a path prefix keeps it, and signs it; no optional fields send {}', async () => {
  await withProvider(answerToken, async (provider) => {
    const result = await clientFor(`${provider.url}/kyc-proxy/`).createAccessToken(request);
    assert.is(result.token, issuedToken);
    const [received] = provider.received;
    assert.is(
      received?.url,
      '/kyc-proxy/resources/accessTokens?userId=auth0%7C65a1b2c3&levelName=basic-kyc-level&ttlInSecs=600',
    );
    assert.is(received?.body, '{}');
    assert.ok(received?.signatureValid);
  });
});

test('a wrong secret key fails the provider check and becomes INTERNAL', async () => {
  await withProvider(answerToken, async (provider) => {
    const client = createKycProvider({
      url: provider.url,
      appToken,
      secretKey: 'another-key',
      logger: capturingLogger().logger,
    });
    const error = await rejection(client.createAccessToken(request));
    assert.is(error.code, 'INTERNAL');
    assert.match(error.message, /KYC provider answered 401 for accessTokens: Request signature mismatch/);
  });
});

test('a 500 from the provider is INTERNAL with the status in the message', async () => {
  const reply: Reply = (_received, response) =>
    sendJson(response, 500, { description: 'oops', correlationId: 'corr-1' });
  await withProvider(reply, async (provider) => {
    const error = await rejection(clientFor(provider.url).createAccessToken(request));
    assert.is(error.code, 'INTERNAL');
    assert.is(error.httpStatus, 500);
    assert.is(error.message, 'KYC provider answered 500 for accessTokens: oops (correlationId corr-1)');
  });
});

test('a 502 without a JSON body is INTERNAL', async () => {
  const reply: Reply = (_received, response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end('<h1>Bad gateway</h1>');
  };
  await withProvider(reply, async (provider) => {
    const error = await rejection(clientFor(provider.url).createAccessToken(request));
    assert.is(error.code, 'INTERNAL');
    assert.is(error.message, 'KYC provider answered 502 for accessTokens');
  });
});

test('a 400 with a description is BAD_REQUEST carrying that description', async () => {
  const reply: Reply = (_received, response) =>
    sendJson(response, 400, { description: "Level 'no-such-level' not found", code: 400 });
  await withProvider(reply, async (provider) => {
    const error = await rejection(
      clientFor(provider.url).createAccessToken({ ...request, levelName: 'no-such-level' }),
    );
    assert.is(error.code, 'BAD_REQUEST');
    assert.is(error.httpStatus, 400);
    assert.is(error.publicMessage, "KYC provider refused the access token request: Level 'no-such-level' not found");
  });
});

test("a 404 without a description is INTERNAL, not the caller's fault", async () => {
  const reply: Reply = (_received, response) => {
    response.writeHead(404);
    response.end('not found');
  };
  await withProvider(reply, async (provider) => {
    const error = await rejection(clientFor(provider.url).createAccessToken(request));
    assert.is(error.code, 'INTERNAL');
    assert.is(error.message, 'KYC provider answered 404 for accessTokens');
  });
});

test('a 2xx whose body is not JSON is INTERNAL, and the body is not quoted', async () => {
  const reply: Reply = (_received, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`{"token": "${issuedToken}", `);
  };
  await withProvider(reply, async (provider) => {
    const logs = capturingLogger();
    const error = await rejection(clientFor(provider.url, logs.logger).createAccessToken(request));
    assert.is(error.code, 'INTERNAL');
    assert.is(error.message, 'KYC provider answered 200 for accessTokens with a body that is not JSON');
    assert.match(logs.text(), /KYC provider request failed/);
    assert.not.match(logs.text(), new RegExp(`${secretKey}|eyJqdGkiOiJfYWN0LXNieC1wcm92aWRlciJ9`));
  });
});

test('a 2xx without a token, or for another userId, is INTERNAL', async () => {
  const replies: [Reply, RegExp][] = [
    [
      (_received, response) => sendJson(response, 200, { userId: request.userId }),
      /200 for accessTokens without a token/,
    ],
    [(_received, response) => sendJson(response, 200, [issuedToken]), /without a token/],
    [
      (_received, response) => sendJson(response, 200, { token: issuedToken, userId: 'someone-else' }),
      /for userId "someone-else" instead of "auth0\|65a1b2c3"/,
    ],
  ];
  for (const [reply, message] of replies) {
    await withProvider(reply, async (provider) => {
      const error = await rejection(clientFor(provider.url).createAccessToken(request));
      assert.is(error.code, 'INTERNAL');
      assert.match(error.message, message);
      assert.not.match(error.message, /eyJ/);
    });
  }
});

test('a provider slower than the timeout is INTERNAL naming the timeout', async () => {
  const reply: Reply = () => {
    /* never answers; the server closes the connection at the end */
  };
  await withProvider(reply, async (provider) => {
    const error = await rejection(clientFor(provider.url, undefined, 200).createAccessToken(request));
    assert.is(error.code, 'INTERNAL');
    assert.is(error.message, 'KYC provider did not answer accessTokens within the 200 ms timeout');
    assert.is((error.cause as Error).name, 'TimeoutError');
  });
});

test('a body that stalls after the headers is cut by the same deadline', async () => {
  const reply: Reply = (_received, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"token":');
  };
  await withProvider(reply, async (provider) => {
    const error = await rejection(clientFor(provider.url, undefined, 200).createAccessToken(request));
    assert.is(error.code, 'INTERNAL');
    assert.match(error.message, /within the 200 ms timeout/);
  });
});

test('an unreachable provider is INTERNAL', async () => {
  const provider = await startFakeProvider(answerToken);
  await provider.close();
  const error = await rejection(clientFor(provider.url).createAccessToken(request));
  assert.is(error.code, 'INTERNAL');
  assert.match(error.message, /^KYC provider could not be reached for accessTokens: .*ECONNREFUSED/);
});

test('a redirect is not followed: the signature covers one path only', async () => {
  const reply: Reply = (_received, response) => {
    response.writeHead(302, { location: '/elsewhere' });
    response.end();
  };
  await withProvider(reply, async (provider) => {
    const error = await rejection(clientFor(provider.url).createAccessToken(request));
    assert.is(error.code, 'INTERNAL');
    assert.is(error.message, 'KYC provider answered 302 for accessTokens');
    assert.is(provider.received.length, 1);
  });
});

test('invalid input is refused before any request is sent', async () => {
  await withProvider(answerToken, async (provider) => {
    const error = await rejection(clientFor(provider.url).createAccessToken({ ...request, userId: '', ttlInSecs: 10 }));
    assert.is(error.code, 'BAD_REQUEST');
    assert.equal(
      error.details?.map((detail) => detail.path),
      ['userId', 'ttlInSecs'],
    );
    assert.is(provider.received.length, 0);
  });
});

test('a URL without credentials is a configuration error at creation', () => {
  const logger = capturingLogger().logger;
  assert.throws(
    () => createKycProvider({ url: 'http://127.0.0.1:9', logger }),
    /KYC provider URL http:\/\/127\.0\.0\.1:9 is configured but appToken and secretKey are missing/,
  );
  assert.throws(() => createKycProvider({ url: 'http://127.0.0.1:9', appToken, logger }), /but secretKey is missing/);
  assert.throws(() => createKycProvider({ url: 'http://127.0.0.1:9', secretKey, logger }), /but appToken is missing/);
  try {
    createKycProvider({ url: 'https://user:hunter2@kyc.example.org/', logger });
    assert.unreachable('expected a configuration error');
  } catch (error) {
    assert.match((error as Error).message, /https:\/\/kyc\.example\.org is configured/);
    assert.not.match((error as Error).message, /hunter2/);
  }
  assert.throws(
    () => createKycProvider({ url: 'not a url', appToken, secretKey, logger }),
    /not a valid http\(s\) URL/,
  );
  assert.throws(
    () => createKycProvider({ url: 'http://127.0.0.1:9', appToken, secretKey, logger, timeoutMs: 0 }),
    /timeoutMs must be a positive number/,
  );
});

test.run();
