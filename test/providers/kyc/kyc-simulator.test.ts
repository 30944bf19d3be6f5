// The KYC provider's simulator (docs/identity.md#sdk-init-tokens): SDK access tokens in the
// provider's shape, checks of the request, and the simulator chosen when KYC_URL is unset.
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../src/errors/app-error.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { createKycProvider } from '../../../src/providers/kyc/create-kyc-provider.ts';
import type { KycAccessTokenRequest } from '../../../src/providers/kyc/kyc-provider.ts';
import { createKycSimulator } from '../../../src/providers/kyc/kyc-simulator.ts';

const request: KycAccessTokenRequest = { userId: 'auth0|65a1b2c3', levelName: 'basic-kyc-level', ttlInSecs: 600 };
const fixedNow = new Date('2026-01-15T10:30:00.000Z');

function decodePart(part: string | undefined): unknown {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
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

test('a token has the provider shape: prefix, unsigned JWT header, payload with jti, sub, level, exp', async () => {
  const simulator = createKycSimulator({ now: () => fixedNow, newTokenId: () => 'fixed-id' });
  const { token } = await simulator.createAccessToken(request);
  assert.ok(token.startsWith('_act-sbx-jwt-'), token);
  const parts = token.slice('_act-sbx-jwt-'.length).split('.');
  assert.is(parts.length, 3);
  assert.is(parts[2], '', 'no signature part');
  assert.equal(decodePart(parts[0]), { alg: 'none' });
  assert.equal(decodePart(parts[1]), {
    jti: '_act-sbx-fixed-id',
    sub: 'auth0|65a1b2c3',
    level: 'basic-kyc-level',
    exp: Date.parse('2026-01-15T10:40:00.000Z') / 1000,
  });
  assert.is(token, '_act-sbx-jwt-eyJhbGciOiJub25lIn0.' + parts[1] + '.');
});

test('the userId is echoed and expiresAt is now + ttl', async () => {
  const simulator = createKycSimulator({ now: () => fixedNow });
  const result = await simulator.createAccessToken({ ...request, ttlInSecs: 3600 });
  assert.is(result.userId, 'auth0|65a1b2c3');
  assert.is(result.expiresAt.toISOString(), '2026-01-15T11:30:00.000Z');
});

test('with the real clock expiresAt lies ttl after the call', async () => {
  const before = Date.now();
  const result = await createKycSimulator().createAccessToken(request);
  const after = Date.now();
  assert.ok(
    result.expiresAt.getTime() >= before + 600_000 && result.expiresAt.getTime() <= after + 600_000,
    result.expiresAt.toISOString(),
  );
});

test('each token has its own random jti', async () => {
  const simulator = createKycSimulator();
  const jtis = new Set<unknown>();
  for (let i = 0; i < 5; i += 1) {
    const { token } = await simulator.createAccessToken(request);
    jtis.add((decodePart(token.split('.')[1]) as { jti: unknown }).jti);
  }
  assert.is(jtis.size, 5);
});

test('an empty userId or levelName is refused with BAD_REQUEST naming the field', async () => {
  const simulator = createKycSimulator();
  const noUser = await rejection(simulator.createAccessToken({ ...request, userId: '' }));
  assert.is(noUser.code, 'BAD_REQUEST');
  assert.match(noUser.message, /userId must not be empty/);
  assert.equal(
    noUser.details?.map((detail) => detail.path),
    ['userId'],
  );

  const blankLevel = await rejection(simulator.createAccessToken({ ...request, levelName: '   ' }));
  assert.is(blankLevel.code, 'BAD_REQUEST');
  assert.match(blankLevel.message, /levelName must not be empty/);

  const both = await rejection(simulator.createAccessToken({ ...request, userId: ' ', levelName: '' }));
  assert.equal(
    both.details?.map((detail) => detail.path),
    ['userId', 'levelName'],
  );
});

test('a ttl outside 60..86400 seconds or not whole is refused', async () => {
  const simulator = createKycSimulator();
  for (const ttlInSecs of [59, 86_401, 90.5, Number.NaN]) {
    const error = await rejection(simulator.createAccessToken({ ...request, ttlInSecs }));
    assert.is(error.code, 'BAD_REQUEST');
    assert.match(error.message, /ttlInSecs must be an integer from 60 to 86400/);
  }
  for (const ttlInSecs of [60, 86_400]) {
    assert.ok((await simulator.createAccessToken({ ...request, ttlInSecs })).token);
  }
});

test('createKycProvider without a URL gives the simulator and says so in the log', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const provider = createKycProvider({ logger: createLogger('info', sink), appToken: 'unused', secretKey: 'unused' });
  const { token } = await provider.createAccessToken(request);
  assert.ok(token.startsWith('_act-sbx-jwt-'));
  assert.match(lines.join(''), /"mode":"simulator"/);
});

test.run();
