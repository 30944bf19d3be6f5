// GET /kyc/documents/{id}/file?token= through the real service and the KYC simulator
// (docs/identity.md#kyc-document-links): the signed link is the only credential; every way a
// token can be wrong is 403, no token is 401, a document the provider does not hold is 404.
import { SignJWT } from 'jose';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSessionStore } from '../../../src/stores/session-store.ts';
import { createSigningKeyStore } from '../../../src/stores/signing-key-store.ts';
import { createDatabase, type Db } from '../../../src/db/create-database.ts';
import { createKeyEncryption } from '../../../src/domain/identity/key-encryption.ts';
import { createKycDocumentTokens, type KycDocumentTokens } from '../../../src/domain/identity/kyc-document-tokens.ts';
import { createPlatformTokens } from '../../../src/domain/identity/platform-tokens.ts';
import { createSessionService } from '../../../src/domain/identity/session-service.ts';
import { createSigningKeyRing } from '../../../src/domain/identity/signing-key-ring.ts';
import { simulatedDocumentPng } from '../../../src/providers/kyc/simulated-document-image.ts';
import { generateSigningKey } from '../../support/fake-identity-provider.ts';
import { assertMatchesContract } from '../../support/openapi-contract.ts';
import {
  createPlatformTokenForge,
  type PlatformTokenForge,
  testSigningKeySecret,
} from '../../support/platform-token-forge.ts';
import { startTestService, testAdminApiKey, type TestService } from '../../support/test-service.ts';

const passport = '88888888-0000-4000-8000-000000000001';
const selfie = '88888888-0000-4000-8000-000000000004';
const inspection = 'a1b2c3d4e5f60718293a4b5c';
/** A well-formed document id the simulator does not hold (not of the demo pattern). */
const vanished = '3b1f8e2a-6c4d-4e7f-9a0b-1c2d3e4f5a6b';

let service: TestService;
let forge: PlatformTokenForge;
let db: Db;

test.before(async () => {
  service = await startTestService({ SEED: 'demo', SIGNING_KEY_SECRET: testSigningKeySecret });
  forge = await createPlatformTokenForge({
    databaseUrl: service.databaseUrl,
    signingKeySecret: testSigningKeySecret,
    issuer: service.url,
    dataUrl: service.dataUrl,
  });
  db = createDatabase({ url: service.databaseUrl, poolSize: 2 }).db;
});

test.after(async () => {
  await db?.destroy();
  await forge?.close();
  await service?.stop();
});

/** The issuer the GraphQL API will use, on the service's real signing key, as of `at`. */
function linksAt(at = new Date()): KycDocumentTokens {
  const keys = createSigningKeyRing({
    store: createSigningKeyStore(db),
    encryption: createKeyEncryption(testSigningKeySecret),
  });
  return createKycDocumentTokens(
    createPlatformTokens({ issuer: service.url, audiences: forge.audiences, keys, now: () => at }),
  );
}

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
  json(): any;
}

/** Raw bytes (an image is not text); the answer is still checked against openapi.yaml. */
async function download(pathWithQuery: string, headers: Record<string, string> = {}): Promise<Download> {
  const url = pathWithQuery.startsWith('http') ? pathWithQuery : `${service.url}${pathWithQuery}`;
  const response = await fetch(url, { headers, redirect: 'manual' });
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type');
  assertMatchesContract(
    'GET',
    new URL(url).pathname,
    response.status,
    contentType,
    contentType?.includes('json') ? bytes.toString('utf8') : '',
  );
  return { status: response.status, headers: response.headers, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
}

function fileUrl(documentId: string, token: string): string {
  return `/kyc/documents/${documentId}/file?token=${token}`;
}

async function refused(pathWithQuery: string, status: number, message: RegExp): Promise<void> {
  const response = await download(pathWithQuery);
  assert.is(response.status, status, response.bytes.toString('utf8'));
  assert.match(response.json().message, message);
}

test("a valid link serves the provider's file with headers that keep it private and inert", async () => {
  const link = await linksAt().issueKycDocumentToken({ inspectionId: inspection, documentId: passport });
  assert.is(link.url, `${service.url}${fileUrl(passport, link.token)}`);
  assert.ok(Math.abs(link.expiresAt.getTime() - (Date.now() + 300_000)) < 5_000, 'lives 5 minutes');
  const response = await download(link.url);
  assert.is(response.status, 200, response.bytes.toString('utf8'));
  assert.is(response.headers.get('content-type'), 'image/png');
  assert.ok(response.bytes.equals(simulatedDocumentPng(passport)), "the simulator's image for this document");
  assert.is(response.headers.get('cache-control'), 'private, no-store');
  assert.is(response.headers.get('x-content-type-options'), 'nosniff');
  assert.match(response.headers.get('content-security-policy') ?? '', /^default-src 'none'.*sandbox/);
  assert.is(
    response.headers.get('content-disposition'),
    `inline; filename="kyc-document-${passport}.png"; filename*=UTF-8''kyc-document-${passport}.png`,
  );
});

test('no token is 401; a session cookie or an API key does not replace it', async () => {
  const sessions = createSessionService({ store: createSessionStore(db) });
  const { cookieSecret } = await sessions.create('demo-rupert', 3600);
  for (const [query, headers] of [
    ['', {}],
    ['?token=', {}],
    ['', { cookie: `platform_session=${cookieSecret}` }],
    ['', { 'x-api-key': testAdminApiKey }],
  ] as const) {
    const response = await download(`/kyc/documents/${passport}/file${query}`, headers);
    assert.is(response.status, 401, `${query} ${JSON.stringify(headers)}`);
    assert.is(response.json().code, 'UNAUTHENTICATED');
  }
});

test('an expired link is 403', async () => {
  const link = await linksAt(new Date(Date.now() - 301_000)).issueKycDocumentToken({
    inspectionId: inspection,
    documentId: passport,
  });
  await refused(fileUrl(passport, link.token), 403, /expired/);
});

test('a tampered link is 403: signature changed, or claims changed under the old signature', async () => {
  const { token } = await linksAt().issueKycDocumentToken({ inspectionId: inspection, documentId: passport });
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
  await refused(fileUrl(passport, `${header}.${payload}.${flipped}`), 403, /signature does not verify/);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: selfie }), 'utf8').toString('base64url');
  await refused(fileUrl(selfie, `${header}.${forged}.${signature}`), 403, /signature does not verify/);
  await refused(fileUrl(passport, 'not-a-jwt'), 403, /malformed/);
});

test('a link for another document is 403', async () => {
  const { token } = await linksAt().issueKycDocumentToken({ inspectionId: inspection, documentId: selfie });
  await refused(fileUrl(passport, token), 403, /another document/);
  assert.is((await download(fileUrl(selfie, token))).status, 200, 'it opens its own document');
  assert.is((await download(fileUrl(selfie.toUpperCase(), token))).status, 200, 'ids compare without case');
});

test('a token signed by a key the platform does not know is 403', async () => {
  const foreign = await generateSigningKey();
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ token_use: 'kyc-document', inspection_id: inspection })
    .setProtectedHeader({ alg: 'RS256', kid: foreign.kid, typ: 'JWT' })
    .setIssuer(service.url)
    .setAudience(forge.audiences.kycDocument)
    .setSubject(passport)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .setJti(crypto.randomUUID())
    .sign(foreign.privateKey);
  await refused(fileUrl(passport, token), 403, /unknown key/);
});

test('a platform token of another purpose is 403 (audience, typ or token_use)', async () => {
  const access = await forge.issueAt(new Date(), 'access', { sub: passport, sid: 'x', inspection_id: inspection }, 300);
  await refused(fileUrl(passport, access), 403, /document link refused/);
  const wallet = await forge.issueAt(new Date(), 'wallet', { sub: passport, inspection_id: inspection }, 300);
  await refused(fileUrl(passport, wallet), 403, /wrong audience/);
  const noInspection = await forge.issueAt(new Date(), 'kyc-document', { sub: passport }, 300);
  await refused(fileUrl(passport, noInspection), 403, /no inspection_id claim/);
});

test('a document the KYC provider does not hold is 404; a malformed id is 400', async () => {
  const { token } = await linksAt().issueKycDocumentToken({ inspectionId: inspection, documentId: vanished });
  await refused(fileUrl(vanished, token), 404, /does not exist \(any more\) at the KYC provider/);
  const malformed = await download(`/kyc/documents/not-a-uuid/file?token=${token}`);
  assert.is(malformed.status, 400);
});

test.run();
