// The API explorer's pages in a real headless Chromium (docs/api-explorer.md), the browser of
// docs/documents.md#where-chromium-comes-from launched by the PDF engine's own launcher: the
// reference page renders the operations of openapi.yaml; GraphiQL on each port runs a query with
// the credential typed into the page. Every page is watched for Content-Security-Policy refusals
// and for anything fetched from outside its origin. Waits end when the page shows what is
// expected; their timeouts only bound a broken page.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { findChromium } from '../../src/documents/pdf/find-chromium.ts';
import { type LaunchedBrowser, launchBrowser } from '../../src/documents/pdf/launch-browser.ts';
import { type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

/**
 * The browser globals the functions run inside the page use: the test is type-checked without
 * the DOM library, which would let src/ use browser globals unnoticed.
 */
declare const document: {
  readonly body: { readonly innerText: string };
  addEventListener(
    type: 'securitypolicyviolation',
    listener: (event: { readonly violatedDirective: string; readonly blockedURI: string }) => void,
  ): void;
  querySelector(selector: string): { readonly textContent: string | null } | null;
  querySelectorAll(selector: string): Iterable<{ readonly textContent: string | null }>;
};

const dataAdminSecret = 'test-data-admin-secret-0123456789';
const broken = { timeout: 60_000 };

let service: TestService;
let chromium: LaunchedBrowser;

test.before(async () => {
  service = await startTestService();
  const found = await findChromium({ chromiumPath: process.env.CHROMIUM_PATH });
  if ('missing' in found) throw new Error(found.hint);
  chromium = await launchBrowser({ executablePath: found.path });
});
test.after(async () => {
  await chromium?.close();
  await service?.stop();
});

interface WatchedPage {
  readonly page: Page;
  /** URLs outside the page's origin (not `data:`) the page asked for, and those that were answered. */
  readonly outside: { requested: string[]; answered: string[] };
  /** `directive blocked-uri` of each CSP refusal, each once, sorted. */
  refusals(): Promise<string[]>;
}

async function open(url: string): Promise<WatchedPage> {
  const page = await chromium.browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.evaluateOnNewDocument(() => {
    const seen: string[] = [];
    (globalThis as unknown as { cspRefusals: string[] }).cspRefusals = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const origin = new URL(url).origin;
  const outside = { requested: [] as string[], answered: [] as string[] };
  const isOutside = (target: string) => !target.startsWith('data:') && new URL(target).origin !== origin;
  page.on('request', (request) => {
    if (isOutside(request.url())) outside.requested.push(request.url());
  });
  page.on('response', (response) => {
    if (isOutside(response.url())) outside.answered.push(response.url());
  });
  await page.goto(url, { waitUntil: 'load' });
  return {
    page,
    outside,
    refusals: async () =>
      [...new Set(await page.evaluate(() => (globalThis as unknown as { cspRefusals: string[] }).cspRefusals))].sort(),
  };
}

/**
 * The text of a GraphiQL editor (`query` or `response`): its CodeMirror lines, with the
 * no-break spaces CodeMirror indents with made plain and the zero-width space it shows on an
 * empty line removed, empty lines left out.
 */
async function editorText(page: Page, editor: 'query' | 'response'): Promise<string> {
  const lines = await page.evaluate(
    (selector) => [...document.querySelectorAll(selector)].map((line) => line.textContent ?? ''),
    `.graphiql-${editor === 'query' ? 'query-editor' : 'response'} .CodeMirror-line`,
  );
  return lines
    .map((line) => line.replace(/\u00a0/g, ' ').replace(/\u200b/g, ''))
    .filter((line) => line !== '')
    .join('\n');
}

/** Types the credential, then the query, runs it, and returns the result pane's JSON. */
async function runQuery(page: Page, credential: string, query: string): Promise<unknown> {
  await page.waitForSelector('.graphiql-query-editor .CodeMirror', broken);
  await page.type('#explorer-credential', credential);
  // Leaving the field commits it (a `change` event): GraphiQL fetches the schema with it.
  await page.keyboard.press('Tab');
  await page.click('.graphiql-query-editor .CodeMirror');
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.type(query);
  assert.is(await editorText(page, 'query'), query);
  await page.click('.graphiql-execute-button');
  await page.waitForFunction(
    () => (document.querySelector('.graphiql-response .CodeMirror-code')?.textContent ?? '').includes('"data"'),
    broken,
  );
  return JSON.parse(await editorText(page, 'response'));
}

/** True when any value the page stored (localStorage, sessionStorage) contains `secret`. */
function storedAnywhere(page: Page, secret: string): Promise<boolean> {
  return page.evaluate(
    (value) =>
      [localStorage, sessionStorage].some((storage) =>
        Object.keys(storage).some((key) => (storage.getItem(key) ?? '').includes(value)),
      ),
    secret,
  );
}

test('/docs renders the operations of openapi.yaml with nothing from outside', async () => {
  const { page, outside, refusals } = await open(`${service.url}/docs`);
  try {
    await page.waitForFunction(() => document.body.innerText.includes('Conventions'), broken);
    await page.click('[data-testid="menu-item-label"] ::-p-text(health)');
    await page.waitForFunction(() => document.body.innerText.includes('Prometheus metrics'), broken);
    const text = await page.evaluate(() => document.body.innerText);
    for (const summary of [
      'Liveness probe',
      'Liveness probe without a body',
      'Readiness probe',
      'Service name and version',
      'Prometheus metrics',
    ])
      assert.ok(text.includes(summary), summary);
    // Redoc tries two things the policy refuses, and goes on without them: the Redocly badge's
    // image from Redocly's CDN (the image is then hidden), and a search worker built with
    // `Function` (search then runs in the page). Both happen once Redoc has rendered.
    await page.waitForFunction(
      () => (globalThis as unknown as { cspRefusals: string[] }).cspRefusals.length >= 2,
      broken,
    );
    assert.equal(await refusals(), ['img-src https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'script-src eval']);
    assert.equal(outside, { requested: ['https://cdn.redoc.ly/redoc/logo-mini-full.svg'], answered: [] });
  } finally {
    await page.close();
  }
});

test('GraphiQL at GET /graphql runs { ping } with the API key typed into the page', async () => {
  const { page, outside, refusals } = await open(`${service.url}/graphql`);
  try {
    assert.equal(await runQuery(page, testAdminApiKey, '{ ping }'), { data: { ping: 'pong' } });
    assert.equal(await refusals(), []);
    assert.equal(outside, { requested: [], answered: [] });
    assert.is(await storedAnywhere(page, testAdminApiKey), false);
  } finally {
    await page.close();
  }
});

test('GraphiQL at GET /v1/graphql runs a query with the admin secret typed into the page', async () => {
  const { page, outside, refusals } = await open(`${service.dataUrl}/v1/graphql`);
  try {
    assert.equal(await runQuery(page, dataAdminSecret, '{ __typename }'), { data: { __typename: 'query_root' } });
    assert.equal(await refusals(), []);
    assert.equal(outside, { requested: [], answered: [] });
    assert.is(await storedAnywhere(page, dataAdminSecret), false);
  } finally {
    await page.close();
  }
});

test.run();
