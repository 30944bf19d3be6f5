// The API explorer over HTTP on both ports (docs/api-explorer.md): the spec in YAML and JSON with
// ETags and gzip, the reference page and the GraphiQL pages with their Content-Security-Policy,
// the files they load, nothing loaded from outside, GraphQL clients answered as before, and
// API_EXPLORER=off answering 404 (405 on the GraphQL endpoints) as if none of it existed.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';
import { externalLoads } from './external-loads.ts';

const dataAdminSecret = 'test-data-admin-secret-0123456789';
const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const specText = readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8');

let service: TestService;
let off: TestService;

test.before(async () => {
  service = await startTestService();
  off = await startTestService({ API_EXPLORER: 'off' });
});
test.after(async () => {
  await service.stop();
  await off.stop();
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers (fetch would add Accept-Encoding and unzip). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** The `src` and `href` attribute values of a page, in order. */
function references(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string);
}

const expectedPolicyStart =
  "default-src 'none'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const graphiqlPolicy = `${expectedPolicyStart}; style-src 'self'; img-src 'self' data:; font-src 'self' data:`;

test('GET /openapi.yaml is the repository file, with an ETag a client revalidates with', async () => {
  const response = await raw(`${service.url}/openapi.yaml`);
  assert.is(response.status, 200);
  assert.is(response.headers['content-type'], 'application/yaml');
  assert.is(response.headers['cache-control'], 'no-cache');
  assert.is(response.headers['x-content-type-options'], 'nosniff');
  assert.is(response.body.toString('utf8'), specText);
  const etag = response.headers.etag as string;
  assert.match(etag, /^"[A-Za-z0-9_-]{22}"$/);
  const again = await raw(`${service.url}/openapi.yaml`, { 'If-None-Match': etag });
  assert.equal(
    { status: again.status, etag: again.headers.etag, length: again.body.length },
    { status: 304, etag, length: 0 },
  );
});

test('GET /openapi.json is the same document as JSON; gzip when the client takes it', async () => {
  const plain = await raw(`${service.url}/openapi.json`);
  assert.is(plain.status, 200);
  assert.is(plain.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(JSON.parse(plain.body.toString('utf8')), parse(specText));
  const zipped = await raw(`${service.url}/openapi.json`, { 'Accept-Encoding': 'gzip, deflate, br' });
  assert.is(zipped.headers['content-encoding'], 'gzip');
  assert.is(zipped.headers.vary, 'Accept-Encoding');
  assert.equal(gunzipSync(zipped.body), plain.body);
  assert.is(zipped.headers.etag, `${(plain.headers.etag as string).slice(0, -1)}-gzip"`);
  const head = await raw(`${service.url}/openapi.json`, {}, 'HEAD');
  assert.equal(
    { status: head.status, length: head.headers['content-length'], body: head.body.length },
    { status: 200, length: String(plain.body.length), body: 0 },
  );
});

test('GET /docs is Redoc on openapi.json, with a fresh nonce its policy allows per response', async () => {
  const first = await raw(`${service.url}/docs`);
  const second = await raw(`${service.url}/docs`);
  assert.is(first.status, 200);
  assert.is(first.headers['content-type'], 'text/html; charset=utf-8');
  assert.is(first.headers['cache-control'], 'no-store');
  assert.is(first.headers['referrer-policy'], 'no-referrer');
  const html = first.body.toString('utf8');
  const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(html)?.[1] as string;
  assert.match(nonce, /^[A-Za-z0-9+/]{22}==$/);
  assert.is(
    first.headers['content-security-policy'],
    `${expectedPolicyStart}; style-src 'self' 'nonce-${nonce}'; img-src 'self'; font-src 'self' data:`,
  );
  assert.is(second.body.toString('utf8').includes(nonce), false);
  assert.ok(html.includes('<redoc spec-url="openapi.json" disable-telemetry="true"></redoc>'), html);
  assert.ok(html.includes('<title>Wealth Platform REST API</title>'), html);
  const [script] = references(html);
  assert.match(script as string, /^api-explorer\/assets\/redoc\.standalone\.js\?v=[A-Za-z0-9_-]{12}$/);
  const bundle = await raw(`${service.url}/${script}`);
  assert.is(bundle.status, 200);
  assert.is(bundle.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.is(bundle.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal(
    bundle.body,
    readFileSync(new URL('../../node_modules/redoc/bundles/redoc.standalone.js', import.meta.url)),
  );
});

test('an asset without its version, or with another, is revalidated; an unknown name is 404', async () => {
  const bare = await raw(`${service.url}/api-explorer/assets/graphiql.min.css`);
  assert.equal({ status: bare.status, cache: bare.headers['cache-control'] }, { status: 200, cache: 'no-cache' });
  assert.is(bare.headers['content-type'], 'text/css; charset=utf-8');
  const stale = await raw(`${service.url}/api-explorer/assets/graphiql.min.css?v=000000000000`);
  assert.is(stale.headers['cache-control'], 'no-cache');
  for (const path of [
    '/api-explorer/assets/nope.js',
    '/api-explorer/assets/../package.json',
    '/api-explorer/assets/',
  ]) {
    const missing = await service.request('GET', path);
    assert.is(missing.status, 404, path);
  }
});

test('GET /graphql from a browser is GraphiQL: files from this origin, no credential in the page', async () => {
  const response = await raw(`${service.url}/graphql`, { Accept: browserAccept });
  assert.is(response.status, 200);
  assert.is(response.headers['content-type'], 'text/html; charset=utf-8');
  assert.is(response.headers['content-security-policy'], graphiqlPolicy);
  assert.is(response.headers.vary, 'Accept, Accept-Encoding');
  assert.is(response.headers['cache-control'], 'no-cache');
  const html = response.body.toString('utf8');
  assert.ok(html.includes('<div id="graphiql" data-endpoint="graphql"></div>'), html);
  assert.ok(
    html.includes(
      '<input id="explorer-credential" type="password" autocomplete="off" spellcheck="false" data-header="X-API-Key">',
    ),
    html,
  );
  assert.is(html.includes(testAdminApiKey), false);
  const files = references(html).map((reference) => reference.replace(/\?v=[A-Za-z0-9_-]{12}$/, ''));
  assert.equal(files, [
    'api-explorer/assets/graphiql.min.css',
    'api-explorer/assets/graphiql-page.css',
    'api-explorer/assets/react.production.min.js',
    'api-explorer/assets/react-dom.production.min.js',
    'api-explorer/assets/graphiql.min.js',
    'api-explorer/assets/start-graphiql.js',
  ]);
  for (const reference of references(html)) {
    const file = await raw(`${service.url}/${reference}`);
    assert.is(file.status, 200, reference);
    const type = reference.includes('.css?') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
    assert.is(file.headers['content-type'], type, reference);
    assert.is(file.headers['cache-control'], 'public, max-age=31536000, immutable', reference);
  }
  const etag = response.headers.etag as string;
  const revalidated = await raw(`${service.url}/graphql`, { Accept: 'text/html', 'If-None-Match': etag });
  assert.is(revalidated.status, 304);
});

test('GET /graphql from anything but a browser keeps its 405; POST /graphql is untouched', async () => {
  for (const accept of [undefined, '*/*', 'application/json', 'application/graphql-response+json, text/html;q=0.5']) {
    const response = await service.request('GET', '/graphql', { headers: accept ? { accept } : {} });
    assert.is(response.status, 405, accept);
    assert.is(response.headers.get('allow'), 'POST', accept);
    assert.equal(
      response.json(),
      {
        success: false,
        message: 'method GET is not allowed on /graphql',
        code: 'METHOD_NOT_ALLOWED',
        requestId: response.headers.get('x-request-id'),
      },
      accept,
    );
  }
  const ping = await service.request('POST', '/graphql', {
    headers: { 'x-api-key': testAdminApiKey, accept: 'application/json' },
    body: { query: '{ ping }' },
  });
  assert.equal({ status: ping.status, body: ping.json() }, { status: 200, body: { data: { ping: 'pong' } } });
});

test('the data layer serves its own GraphiQL page and its files; its GraphQL clients still get 405', async () => {
  const response = await raw(`${service.dataUrl}/v1/graphql`, { Accept: browserAccept });
  assert.is(response.status, 200);
  assert.is(response.headers['content-security-policy'], graphiqlPolicy);
  assert.match(response.headers['x-request-id'] as string, /^[0-9a-f-]{36}$/);
  const html = response.body.toString('utf8');
  assert.ok(html.includes('<option data-header="X-Data-Admin-Secret">Admin secret (X-Data-Admin-Secret)</option>'));
  assert.ok(html.includes('<option data-header="Authorization" data-prefix="Bearer ">Bearer token (Authorization)'));
  assert.ok(html.includes('data-endpoint="graphql" data-headers="{\n  &quot;X-Data-Role&quot;: &quot;&quot;,'), html);
  assert.is(html.includes(dataAdminSecret), false);
  for (const reference of references(html)) {
    assert.match(reference, /^\.\.\/api-explorer\/assets\//);
    const file = await raw(new URL(reference, `${service.dataUrl}/v1/graphql`).href);
    assert.is(file.status, 200, reference);
  }
  // Only the GraphiQL files: the reference page lives on the main port.
  const redoc = await raw(`${service.dataUrl}/api-explorer/assets/redoc.standalone.js`);
  assert.is(redoc.status, 404);
  const client = await raw(`${service.dataUrl}/v1/graphql`, { Accept: 'application/json' });
  assert.equal({ status: client.status, allow: client.headers.allow }, { status: 405, allow: 'POST' });
});

test('no page or file of the explorer loads anything from outside its origin', async () => {
  // The scanner itself finds what it looks for.
  assert.equal(externalLoads('<script src="https://cdn.example.org/x.js"></script>', 'html'), [
    'https://cdn.example.org/x.js',
  ]);
  assert.equal(externalLoads('@import url("//fonts.example.org/f.css");', 'css'), ['//fonts.example.org/f.css']);
  const pages = [`${service.url}/docs`, `${service.url}/graphql`, `${service.dataUrl}/v1/graphql`];
  const found: Record<string, string[]> = {};
  for (const page of pages) {
    const html = (await raw(page, { Accept: 'text/html' })).body.toString('utf8');
    found[page] = externalLoads(html, 'html');
    for (const reference of references(html)) {
      const url = new URL(reference, page);
      const text = (await raw(url.href)).body.toString('utf8');
      found[url.pathname] = externalLoads(text, url.pathname.endsWith('.css') ? 'css' : 'js');
    }
  }
  assert.equal(found, {
    [`${service.url}/docs`]: [],
    // Redoc's "API docs by Redocly" badge points its image there; the page's img-src 'self' blocks
    // it and Redoc then hides the image (the browser test sees the refusal).
    '/api-explorer/assets/redoc.standalone.js': [
      'https://cdn.redoc.ly/redoc/logo-mini-full.svg',
      'https://cdn.redoc.ly/redoc/logo-mini.svg',
    ],
    [`${service.url}/graphql`]: [],
    [`${service.dataUrl}/v1/graphql`]: [],
    '/api-explorer/assets/graphiql.min.css': [],
    '/api-explorer/assets/graphiql-page.css': [],
    '/api-explorer/assets/react.production.min.js': [],
    '/api-explorer/assets/react-dom.production.min.js': [],
    '/api-explorer/assets/graphiql.min.js': [],
    '/api-explorer/assets/start-graphiql.js': [],
  });
});

test('API_EXPLORER=off: every explorer path answers as an unknown route, the GraphQL GETs 405', async () => {
  for (const path of ['/docs', '/openapi.json', '/openapi.yaml', '/api-explorer/assets/graphiql.min.js']) {
    const response = await off.request('GET', path, { headers: { accept: browserAccept } });
    assert.equal({ status: response.status, code: response.json().code }, { status: 404, code: 'NOT_FOUND' }, path);
  }
  const graphiql = await off.request('GET', '/graphql', { headers: { accept: browserAccept } });
  assert.equal({ status: graphiql.status, allow: graphiql.headers.get('allow') }, { status: 405, allow: 'POST' });
  const data = await raw(`${off.dataUrl}/v1/graphql`, { Accept: browserAccept });
  assert.equal({ status: data.status, allow: data.headers.allow }, { status: 405, allow: 'POST' });
  const dataFile = await raw(`${off.dataUrl}/api-explorer/assets/graphiql.min.js`);
  assert.is(dataFile.status, 404);
});

test.run();
