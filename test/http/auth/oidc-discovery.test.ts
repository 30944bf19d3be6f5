// The platform as an OpenID Connect issuer (docs/identity.md#platform-tokens): openid-client
// discovers it from /.well-known/openid-configuration, and jose's remote JWKS verifies every
// kind of token it issues (access token, wallet JWT, workflow SDK init token).
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import * as client from 'openid-client';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FakeIdentityProvider, startFakeIdentityProvider } from '../../support/fake-identity-provider.ts';
import { type TestService, startTestService, testAdminApiKey } from '../../support/test-service.ts';

const aurora = '11111111-0000-4000-8000-000000000001';

let provider: FakeIdentityProvider;
let service: TestService;

test.before(async () => {
  provider = await startFakeIdentityProvider({ audience: 'platform-api' });
  service = await startTestService({
    SEED: 'demo',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'platform',
    OIDC_AUDIENCE: 'platform-api',
  });
});

test.after(async () => {
  await service?.stop();
  await provider?.close();
});

async function discover(): Promise<client.Configuration> {
  return client.discovery(new URL(service.url), 'any-client', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
}

async function accessTokenFor(userId: string): Promise<string> {
  const response = await service.request('POST', '/auth/token-exchange', {
    body: { token: await provider.sign({ sub: userId }) },
  });
  assert.is(response.status, 200, response.text);
  return response.json().token;
}

async function verifyWithRemoteJwks(token: string, audience: string): Promise<JWTPayload> {
  const metadata = (await discover()).serverMetadata();
  const jwks = createRemoteJWKSet(new URL(metadata.jwks_uri as string));
  const { payload } = await jwtVerify(token, jwks, { issuer: metadata.issuer, audience, algorithms: ['RS256'] });
  return payload;
}

/** The document's claims_supported names every claim a platform token carries. */
async function assertClaimsListed(claims: JWTPayload): Promise<void> {
  const listed: string[] = (await service.request('GET', '/.well-known/openid-configuration')).json().claims_supported;
  for (const name of Object.keys(claims)) assert.ok(listed.includes(name), `claim ${name} is in claims_supported`);
}

async function jwksKids(): Promise<string[]> {
  const body = (await service.request('GET', '/.well-known/jwks.json')).json();
  return body.keys.map((key: { kid: string }) => key.kid);
}

test("the discovery document is a verifier's document: issuer, key set, algorithm, subject type, claims; no flow", async () => {
  const response = await service.request('GET', '/.well-known/openid-configuration');
  assert.is(response.status, 200, response.text);
  assert.equal(response.json(), {
    issuer: service.url,
    jwks_uri: `${service.url}/.well-known/jwks.json`,
    id_token_signing_alg_values_supported: ['RS256'],
    subject_types_supported: ['public'],
    claims_supported: [
      'iss',
      'aud',
      'sub',
      'iat',
      'exp',
      'jti',
      'token_use',
      'sid',
      'data_access',
      'scope',
      'nonce',
      'act',
      'org_id',
      'inspection_id',
    ],
  });
});

test('openid-client discovers the platform from it: issuer and jwks_uri, no endpoint of a login flow', async () => {
  const metadata = (await discover()).serverMetadata();
  assert.is(metadata.issuer, service.url);
  assert.is(metadata.jwks_uri, `${service.url}/.well-known/jwks.json`);
  for (const member of ['authorization_endpoint', 'token_endpoint', 'end_session_endpoint', 'response_types_supported'])
    assert.is(metadata[member], undefined, member);
});

test('both documents are cacheable for five minutes', async () => {
  for (const path of ['/.well-known/openid-configuration', '/.well-known/jwks.json']) {
    const response = await service.request('GET', path);
    assert.is(response.status, 200, path);
    assert.is(response.headers.get('cache-control'), 'public, max-age=300', path);
  }
});

test('the JWKS lists RSA signing keys with their public parts only', async () => {
  const { keys } = (await service.request('GET', '/.well-known/jwks.json')).json();
  assert.ok(keys.length >= 1, 'at least the current key');
  for (const key of keys) {
    assert.equal(
      Object.keys(key).sort(),
      ['alg', 'e', 'kid', 'kty', 'n', 'use'],
      `only public members in ${JSON.stringify(key).slice(0, 200)}`,
    );
    assert.is(key.kty, 'RSA');
    assert.is(key.use, 'sig');
    assert.is(key.alg, 'RS256');
    assert.type(key.kid, 'string');
    assert.match(key.n, /^[A-Za-z0-9_-]{300,}$/);
    assert.match(key.e, /^[A-Za-z0-9_-]+$/);
  }
});

test('an access token from token exchange verifies against the remote JWKS and carries every documented claim', async () => {
  const token = await accessTokenFor('demo-alice');
  const header = decodeProtectedHeader(token);
  assert.is(header.alg, 'RS256');
  assert.ok(header.kid && (await jwksKids()).includes(header.kid), `kid ${header.kid} is in the JWKS`);
  const claims = await verifyWithRemoteJwks(token, service.url);
  assert.is(claims.iss, service.url);
  assert.ok(
    Array.isArray(claims.aud) && claims.aud.includes(service.url) && claims.aud.includes(service.dataUrl),
    `aud ${JSON.stringify(claims.aud)}`,
  );
  assert.is(claims.sub, 'demo-alice');
  assert.type(claims.iat, 'number');
  assert.type(claims.exp, 'number');
  assert.ok((claims.exp as number) > (claims.iat as number), 'exp after iat');
  assert.ok((claims.exp as number) - (claims.iat as number) <= 3600, 'short-lived');
  assert.type(claims.jti, 'string');
  assert.type(claims.sid, 'string');
  assert.is(claims.token_use, 'access');
  const data = claims.data_access as Record<string, unknown>;
  assert.ok(data, 'data_access claims present');
  assert.is(data['x-data-user-id'], 'demo-alice');
  assert.is(data['x-data-default-role'], 'user');
  assert.is(data['x-data-organization-id'], aurora);
  const roles = data['x-data-allowed-roles'] as string[];
  for (const role of ['user', 'organization_admin', 'family_office'])
    assert.ok(roles.includes(role), `allowed roles ${JSON.stringify(roles)} include ${role}`);
  assert.match(String(data['x-data-allowed-funds']), /^\{(\d+(,\d+)*)?\}$/);
  await assertClaimsListed(claims);
  // The data layer's audience verifies the same token.
  await verifyWithRemoteJwks(token, service.dataUrl);
});

test('a wallet JWT verifies against the remote JWKS; nonce binds the target key; sub is the user or the organization', async () => {
  const access = await accessTokenFor('demo-alice');
  const targetPublicKey = '02a1633cafcc01ebfb6d78e39f687a1f0995c62fc95f51ead10a02ee0be551b5dc';
  const nonce = createHash('sha256').update(targetPublicKey, 'utf8').digest('hex');
  for (const [body, subject] of [
    [{ targetPublicKey, scope: 'user' }, 'demo-alice'],
    [{ targetPublicKey, scope: 'organization', organizationId: aurora }, aurora],
  ] as const) {
    const response = await service.request('POST', '/auth/wallet-jwt', {
      headers: { authorization: `Bearer ${access}` },
      body,
    });
    assert.is(response.status, 200, response.text);
    const { token } = response.json();
    assert.ok((await jwksKids()).includes(decodeProtectedHeader(token).kid as string), 'kid in the JWKS');
    const claims = await verifyWithRemoteJwks(token, `${service.url}/wallet`);
    assert.is(claims.nonce, nonce);
    assert.is(claims.sub, subject);
    for (const name of ['iss', 'aud', 'iat', 'exp', 'jti'] as const)
      assert.ok(claims[name] !== undefined, `${name} present`);
    await assertClaimsListed(claims);
  }
});

test('a workflow SDK init token verifies against the remote JWKS', async () => {
  const response = await service.request('POST', '/auth/workflow-sdk/init-token', {
    headers: { 'x-api-key': testAdminApiKey },
    body: { userId: 'demo-alice', organizationId: aurora },
  });
  assert.is(response.status, 200, response.text);
  const { token, expiresAt } = response.json();
  assert.ok((await jwksKids()).includes(decodeProtectedHeader(token).kid as string), 'kid in the JWKS');
  const claims = await verifyWithRemoteJwks(token, `${service.url}/workflow-sdk`);
  assert.is(claims.sub, 'demo-alice');
  assert.is(claims.exp, Math.floor(Date.parse(expiresAt) / 1000));
  for (const name of ['iss', 'aud', 'iat', 'jti'] as const) assert.ok(claims[name] !== undefined, `${name} present`);
  await assertClaimsListed(claims);
});

test('a token signed by a key outside the JWKS does not verify', async () => {
  const token = await accessTokenFor('demo-alice');
  const [header, payload] = token.split('.');
  const tampered = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
  const error = await verifyWithRemoteJwks(tampered, service.url).then(
    () => null,
    (rejection: unknown) => rejection,
  );
  assert.ok(error instanceof Error && /signature/i.test(error.message), `rejected for its signature: ${String(error)}`);
});

test.run();
