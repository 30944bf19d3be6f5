// The API explorer of one port (docs/api-explorer.md): which GET and HEAD requests it answers and
// with what. Transport-neutral: a request's method, path, query and headers in, an answer (status,
// headers, bytes) out, which the Koa app (src/http) and the data layer's listener (src/data-layer)
// each write their own way. Whether a request is the explorer's is decided at once, without I/O,
// so every other request goes on untouched.
import { randomBytes } from 'node:crypto';
import { graphiqlPagePolicy, pageHeaders, referencePagePolicy } from './content-security-policy.ts';
import {
  type ExplorerFileName,
  type ExplorerFileStore,
  createExplorerFileStore,
  isExplorerFileName,
} from './explorer-files.ts';
import { type GraphiqlPageOptions, graphiqlPage } from './graphiql-page.ts';
import { acceptsGzip, prefersHtml } from './negotiation.ts';
import { type OpenapiDocument, readOpenapiDocument } from './openapi-document.ts';
import { referencePage } from './reference-page.ts';
import { type StaticBody, matchesIfNoneMatch, staticBody } from './static-body.ts';

export const explorerAssetPrefix = '/api-explorer/assets/' as const;
export const explorerAssetRoute = `${explorerAssetPrefix}{name}` as const;

export interface ExplorerRequest {
  readonly method: string;
  readonly path: string;
  /** The query string without its `?`. */
  readonly querystring: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface ExplorerAnswer {
  /** The route template, for metrics and logs (never the raw path). */
  readonly route: string;
  readonly status: 200 | 304;
  readonly headers: Readonly<Record<string, string>>;
  /** The bytes of a 200 (a transport sends none for HEAD); none for a 304. */
  readonly body: Buffer | undefined;
}

export interface ApiExplorerOptions {
  /** The GraphQL endpoint whose GET, when the client prefers HTML, is the GraphiQL page. */
  readonly graphqlPath: string;
  /** What the GraphiQL page says and which credential headers it offers. */
  readonly graphiql: Pick<GraphiqlPageOptions, 'title' | 'credentials' | 'headersTemplate'>;
  /** Also serve the reference page and the spec (the main port). */
  readonly reference: boolean;
  readonly files?: ExplorerFileStore;
  readonly readSpec?: () => Promise<OpenapiDocument>;
}

export interface ApiExplorer {
  /** The answer, or undefined at once when the request is not the explorer's. */
  answer(request: ExplorerRequest): Promise<ExplorerAnswer> | undefined;
}

const graphiqlFiles = [
  'graphiql.min.css',
  'graphiql-page.css',
  'react.production.min.js',
  'react-dom.production.min.js',
  'graphiql.min.js',
  'start-graphiql.js',
] as const satisfies readonly ExplorerFileName[];
const referenceFiles = ['redoc.standalone.js'] as const satisfies readonly ExplorerFileName[];

/** The spec and the GraphiQL page may change with a deployment: caches revalidate them every time. */
const revalidate = 'no-cache';
/** An asset URL carries its content hash (`?v=`): under it, the bytes never change. */
const immutable = 'public, max-age=31536000, immutable';

/** What the explorer's answers share: its options, the files it serves, and what it loads once. */
interface Explorer {
  readonly options: ApiExplorerOptions;
  readonly files: ExplorerFileStore;
  readonly served: ReadonlySet<ExplorerFileName>;
  readonly spec: () => Promise<OpenapiDocument>;
  readonly graphiqlBody: () => Promise<StaticBody>;
}

export function createApiExplorer(options: ApiExplorerOptions): ApiExplorer {
  const explorer: Explorer = {
    options,
    files: options.files ?? createExplorerFileStore(),
    served: new Set<ExplorerFileName>([...graphiqlFiles, ...(options.reference ? referenceFiles : [])]),
    spec: once(options.readSpec ?? readOpenapiDocument),
    graphiqlBody: once(() => graphiqlBody(explorer)),
  };
  return { answer: (request) => answer(explorer, request) };
}

function answer(explorer: Explorer, request: ExplorerRequest): Promise<ExplorerAnswer> | undefined {
  const { options } = explorer;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const { path } = request;
  if (path === options.graphqlPath) return graphiqlAnswer(explorer, request);
  if (path.startsWith(explorerAssetPrefix)) return assetAnswer(explorer, request);
  if (!options.reference) return undefined;
  if (path === '/docs') return referenceAnswer(explorer);
  if (path === '/openapi.json' || path === '/openapi.yaml') {
    const format = path === '/openapi.json' ? 'json' : 'yaml';
    return explorer.spec().then((document) =>
      answerStatic(request, document[format], {
        route: path,
        cacheControl: revalidate,
        headers: { 'X-Content-Type-Options': 'nosniff' },
      }),
    );
  }
  return undefined;
}

function graphiqlAnswer(explorer: Explorer, request: ExplorerRequest): Promise<ExplorerAnswer> | undefined {
  if (!prefersHtml(header(request, 'accept'))) return undefined;
  return explorer.graphiqlBody().then((body) =>
    answerStatic(request, body, {
      route: request.path,
      cacheControl: revalidate,
      // The same URL answers GraphQL clients otherwise.
      vary: 'Accept, Accept-Encoding',
      headers: { ...pageHeaders, 'Content-Security-Policy': graphiqlPagePolicy() },
    }),
  );
}

function assetAnswer(explorer: Explorer, request: ExplorerRequest): Promise<ExplorerAnswer> | undefined {
  const name = request.path.slice(explorerAssetPrefix.length);
  if (!isExplorerFileName(name) || !explorer.served.has(name)) return undefined;
  const version = new URLSearchParams(request.querystring).get('v');
  return explorer.files.load(name).then((body) =>
    answerStatic(request, body, {
      route: explorerAssetRoute,
      cacheControl: version === body.version ? immutable : revalidate,
      headers: { 'X-Content-Type-Options': 'nosniff' },
    }),
  );
}

/** An asset's URL relative to the page, carrying its content hash. */
async function assetUrl(explorer: Explorer, page: string, name: ExplorerFileName): Promise<string> {
  // Relative URLs from a page to the root of its port: `/v1/graphql` is one folder down.
  const toRoot = '../'.repeat(page.split('/').length - 2);
  return `${toRoot}${explorerAssetPrefix.slice(1)}${name}?v=${(await explorer.files.load(name)).version}`;
}

async function graphiqlBody(explorer: Explorer): Promise<StaticBody> {
  const { graphqlPath } = explorer.options;
  const url = (name: ExplorerFileName) => assetUrl(explorer, graphqlPath, name);
  const html = graphiqlPage({
    ...explorer.options.graphiql,
    endpoint: graphqlPath.slice(graphqlPath.lastIndexOf('/') + 1),
    styles: await Promise.all(graphiqlFiles.filter((name) => name.endsWith('.css')).map(url)),
    scripts: await Promise.all(graphiqlFiles.filter((name) => name.endsWith('.js')).map(url)),
  });
  return staticBody(Buffer.from(html), 'text/html; charset=utf-8');
}

async function referenceAnswer(explorer: Explorer): Promise<ExplorerAnswer> {
  const nonce = randomBytes(16).toString('base64');
  const html = referencePage({
    title: (await explorer.spec()).title,
    nonce,
    redocUrl: await assetUrl(explorer, '/docs', 'redoc.standalone.js'),
    specUrl: 'openapi.json',
  });
  // A new nonce per response: the page is never cached, nor given an ETag.
  return {
    route: '/docs',
    status: 200,
    headers: {
      ...pageHeaders,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': referencePagePolicy(nonce),
    },
    body: Buffer.from(html),
  };
}

interface StaticAnswerOptions {
  readonly route: string;
  readonly cacheControl: string;
  readonly vary?: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** A 200 with the body, gzipped when the client takes it, or a 304 when the client holds it already. */
async function answerStatic(
  request: ExplorerRequest,
  body: StaticBody,
  options: StaticAnswerOptions,
): Promise<ExplorerAnswer> {
  const zipped = acceptsGzip(header(request, 'accept-encoding')) ? await body.gzipped() : null;
  const etag = zipped?.etag ?? body.etag;
  const cache = { ETag: etag, 'Cache-Control': options.cacheControl, Vary: options.vary ?? 'Accept-Encoding' };
  if (matchesIfNoneMatch(header(request, 'if-none-match'), etag))
    return { route: options.route, status: 304, headers: cache, body: undefined };
  return {
    route: options.route,
    status: 200,
    headers: {
      ...options.headers,
      ...cache,
      'Content-Type': body.contentType,
      ...(zipped ? { 'Content-Encoding': 'gzip' } : {}),
    },
    body: zipped?.bytes ?? body.bytes,
  };
}

function header(request: ExplorerRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Runs `load` once and keeps its result; a failure is not kept, so the next call tries again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      pending = load();
      pending.catch(() => {
        pending = undefined;
      });
    }
    return pending;
  };
}
