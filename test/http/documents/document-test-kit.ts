// Shared by the document route tests (docs/documents.md): a demo-seeded service, credentials of
// every kind (session cookies and bearer tokens of demo users, admin/service/partner API keys),
// a request that keeps PDF bytes intact and checks what openapi.yaml requires of each answer,
// and PDF text read back with unpdf.
import * as assert from 'uvu/assert';
import { createApiKeyStore } from '../../../src/stores/api-key-store.ts';
import { createSessionStore } from '../../../src/stores/session-store.ts';
import { createApiKeyService } from '../../../src/domain/identity/api-key-service.ts';
import { createSessionService } from '../../../src/domain/identity/session-service.ts';
import { assertMatchesContract } from '../../support/openapi-contract.ts';
import { pdfText } from '../../support/pdf-text.ts';
import { createPlatformTokenForge, testSigningKeySecret } from '../../support/platform-token-forge.ts';
import { type TestService, startTestService, testAdminApiKey } from '../../support/test-service.ts';

export type Headers = Record<string, string>;

export interface DocumentResponse {
  status: number;
  headers: globalThis.Headers;
  bytes: Buffer;
  text: string;
  json<T = any>(): T;
}

export interface DocumentKit {
  service: TestService;
  /** A fresh session cookie of a demo user. */
  user(userId: string): Promise<Headers>;
  /** A platform bearer token of a demo user, from a fresh session. */
  bearer(userId: string): Promise<Headers>;
  readonly adminKey: Headers;
  readonly serviceKey: Headers;
  readonly partnerKey: Headers;
  get(pathname: string, headers?: Headers): Promise<DocumentResponse>;
  stop(): Promise<void>;
}

export async function startDocumentKit(env: Record<string, string> = {}): Promise<DocumentKit> {
  const service = await startTestService({
    SEED: 'demo',
    PDF_PREWARM: 'false',
    SIGNING_KEY_SECRET: testSigningKeySecret,
    ...env,
  });
  const sessions = createSessionService({ store: createSessionStore(service.db) });
  const apiKeys = createApiKeyService({ store: createApiKeyStore(service.db) });
  const forge = await createPlatformTokenForge({
    databaseUrl: service.databaseUrl,
    signingKeySecret: testSigningKeySecret,
    issuer: service.url,
    dataUrl: service.dataUrl,
  });
  const serviceKey = (await apiKeys.create({ name: 'documents service', kind: 'service', scopes: ['workflow-sdk'] }))
    .secret;
  const partnerKey = (await apiKeys.create({ name: 'documents partner', kind: 'partner', scopes: [] })).secret;
  return {
    service,
    user: async (userId) => ({ cookie: `platform_session=${(await sessions.create(userId, 3600)).cookieSecret}` }),
    async bearer(userId) {
      const { sessionId } = await sessions.create(userId, 3600);
      return {
        authorization: `Bearer ${await forge.issueAt(new Date(), 'access', { sub: userId, sid: sessionId }, 900)}`,
      };
    },
    adminKey: { 'x-api-key': testAdminApiKey },
    serviceKey: { 'x-api-key': serviceKey },
    partnerKey: { 'x-api-key': partnerKey },
    get: (pathname, headers = {}) => getDocument(service.url, pathname, headers),
    async stop() {
      await forge.close();
      await service.stop();
    },
  };
}

/** Like TestService.request, but keeps the body's bytes and checks the spec's required headers. */
async function getDocument(baseUrl: string, pathname: string, headers: Headers): Promise<DocumentResponse> {
  const response = await fetch(`${baseUrl}${pathname}`, { headers, redirect: 'manual' });
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type');
  const text = contentType?.startsWith('application/pdf') ? '' : bytes.toString('utf8');
  assertMatchesContract('GET', new URL(pathname, 'http://x').pathname, response.status, contentType, text);
  if (response.status === 200) {
    assert.ok(response.headers.get('content-disposition'), `${pathname}: 200 without Content-Disposition`);
    assert.is(response.headers.get('cache-control'), 'private, no-store', `${pathname}: Cache-Control`);
  }
  if (response.status === 503)
    assert.match(response.headers.get('retry-after') ?? '', /^\d+$/, `${pathname}: 503 without Retry-After`);
  return { status: response.status, headers: response.headers, bytes, text, json: () => JSON.parse(text) };
}

/** The error body without its per-request id: what must be identical for missing and hidden rows. */
export function errorWithoutRequestId(response: DocumentResponse): Record<string, unknown> {
  const body: Record<string, unknown> = response.json();
  assert.type(body.requestId, 'string');
  delete body.requestId;
  return body;
}

/** A 200 HTML document: type, disposition with its file name, and the given texts present. */
export function assertHtmlDocument(
  response: DocumentResponse,
  fileName: string,
  texts: readonly string[],
  disposition: 'inline' | 'attachment' = 'inline',
): void {
  assert.is(response.status, 200, response.text.slice(0, 300));
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
  assertDisposition(response, disposition, fileName);
  for (const text of texts) assert.ok(response.text.includes(text), `HTML lacks ${JSON.stringify(text)}`);
}

/** A 200 PDF: type, disposition, `%PDF-` magic, and the given texts in the PDF's text. */
export async function assertPdfDocument(
  response: DocumentResponse,
  fileName: string,
  texts: readonly string[],
  disposition: 'inline' | 'attachment' = 'inline',
): Promise<string> {
  assert.is(response.status, 200, response.bytes.toString('utf8', 0, 300));
  assert.is(response.headers.get('content-type'), 'application/pdf');
  assertDisposition(response, disposition, fileName);
  assert.is(response.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
  const text = (await pdfText(response.bytes)).replace(/\s+/g, ' ');
  for (const expected of texts)
    assert.ok(text.includes(expected), `PDF text lacks ${JSON.stringify(expected)}:\n${text.slice(0, 2000)}`);
  return text;
}

function assertDisposition(response: DocumentResponse, disposition: 'inline' | 'attachment', fileName: string): void {
  assert.is(
    response.headers.get('content-disposition'),
    `${disposition}; filename="${fileName}"; filename*=UTF-8''${fileName}`,
  );
}

export function assertForbiddenKey(response: DocumentResponse): void {
  assert.is(response.status, 403, response.text);
  assert.is(response.json().code, 'FORBIDDEN');
  assert.is(response.json().message, 'Administrator API key required');
}
