// A fuzzed request for one operation of openapi.yaml: path parameters valid or hostile, query and
// header parameters of the right or wrong type (plus unknown and duplicated ones), a body per the
// operation's media type (JSON or multipart) gone wrong in the ways the body generators know,
// and a credential from credential-variants.ts.
import { drawCredential } from './credential-variants.ts';
import type { Draw } from './draw.ts';
import { type FuzzRequest, secret } from './fuzz-request.ts';
import { hostileSegment, hostileText } from './hostile-strings.ts';
import { drawJsonBody } from './json-bodies.ts';
import { drawMultipartBody } from './multipart-bodies.ts';
import type { FuzzOperation, FuzzParameter } from './openapi-operations.ts';
import { validValue, wrongValue } from './schema-values.ts';
import { addNoiseHeaders, decorateBody } from './transport-variants.ts';

/** Values of the seeded database that reach real records (read once before the run). */
export interface FuzzFixtures {
  /** `file_upload.stored_name` of the demo files. */
  uploadNames: readonly string[];
  /** Demo KYC document ids (the KYC simulator serves these). */
  kycDocumentIds: readonly string[];
}

// Not CONNECT: Node's server hands it to a `connect` listener, so it never reaches the service.
const otherMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'PROPFIND', 'TRACE'];

/** Operations that destroy the session they are called with (docs/identity.md). */
const sessionEnding = new Set(['deleteSession', 'logout']);

export function restRequest(draw: Draw, operation: FuzzOperation, fixtures: FuzzFixtures): FuzzRequest {
  const variant: string[] = [];
  const method = draw.chance(0.94) ? operation.method : draw.pick(otherMethods);
  if (method !== operation.method) variant.push(`method:${method}`);
  const pathValues = new Map<string, string>();
  let path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    const value = draw.chance(0.7) ? pathValue(draw, name, parameter, fixtures) : null;
    if (value !== null) pathValues.set(name, value);
    else variant.push(`path:${name}`);
    return value === null ? hostileSegment(draw) : encodeURIComponent(value);
  });
  if (draw.chance(0.05)) {
    path = mangle(draw, path);
    variant.push('path:mangled');
  }
  const query = queryParts(draw, operation, pathValues, variant);
  const credential = drawCredential(draw, new Set(operation.security.flat()), sessionEnding.has(operation.operationId));
  variant.push(`credential:${credential.label}`);
  const request: FuzzRequest = {
    target: operation.operationId,
    port: 'main',
    method,
    path: query.length > 0 ? `${path}?${query.join('&')}` : path,
    headers: [...credential.headers, ...headerParameters(draw, operation, variant)],
    framing: 'length',
    variant,
  };
  addBody(draw, operation, request);
  addNoiseHeaders(draw, request);
  return request;
}

function pathValue(draw: Draw, name: string, parameter: FuzzParameter | undefined, fixtures: FuzzFixtures): string {
  if (name === 'name' && fixtures.uploadNames.length > 0 && draw.chance(0.6)) return draw.pick(fixtures.uploadNames);
  if (name === 'id' && fixtures.kycDocumentIds.length > 0 && draw.chance(0.6))
    return draw.pick(fixtures.kycDocumentIds);
  const value = validValue(draw, parameter?.schema ?? {});
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function mangle(draw: Draw, path: string): string {
  return draw.pick([
    () => `${path}/`,
    () => `${path}//`,
    () => path.replace(/\//g, '//'),
    () => `${path}/..`,
    () => `${path}/%2e%2e`,
    () => `${path}/./`,
    () => `${path};jsessionid=1`,
    () => path.toUpperCase(),
    () => `/.${path}`,
    () => `${path}%00`,
    () => `${path}#fragment`,
    () => `http://evil.example${path}`,
    () => `*`,
  ])();
}

function queryParts(
  draw: Draw,
  operation: FuzzOperation,
  pathValues: Map<string, string>,
  variant: string[],
): string[] {
  const parts: string[] = [];
  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'query')) {
    if (!(parameter.required ? draw.chance(0.9) : draw.chance(0.5))) continue;
    const valid = draw.chance(0.7);
    if (!valid) variant.push(`query:${parameter.name}`);
    parts.push(`${parameter.name}=${queryValue(draw, valid ? validValue(draw, parameter.schema) : wrongValue(draw))}`);
    if (draw.chance(0.05)) parts.push(`${parameter.name}=${queryValue(draw, wrongValue(draw))}`);
  }
  if (operation.security.flat().includes('signedUrlToken')) parts.push(...signedUrlToken(draw, pathValues, variant));
  if (draw.chance(0.08)) {
    parts.push(
      draw.pick([
        '__proto__[polluted]=1',
        'constructor[prototype][polluted]=1',
        'format[]=html',
        'format[x]=pdf',
        'a',
        '&&&',
        '=',
        '%',
        '%ED%A0%80=%00',
        `${encodeURIComponent(hostileText(draw).replace(/[\ud800-\udfff]/g, 'x'))}=1`,
        `q=${'x'.repeat(8_000)}`,
      ]),
    );
    variant.push('query:extra');
  }
  return parts;
}

function signedUrlToken(draw: Draw, pathValues: Map<string, string>, variant: string[]): string[] {
  const id = pathValues.get('id');
  const choice = draw.weighted([
    [6, 'valid'],
    [1, 'none'],
    [1, 'garbage'],
    [1, 'empty'],
    [1, 'other-document'],
    [1, 'twice'],
  ] as const);
  variant.push(`token:${choice}`);
  const valid = `token=${secret(`kyc:${id ?? '88888888-0000-4000-8000-000000000001'}`)}`;
  switch (choice) {
    case 'valid':
      return [valid];
    case 'none':
      return [];
    case 'garbage':
      return [`token=${queryValue(draw, draw.pick(['a.b.c', 'x'.repeat(9_000), hostileText(draw)]))}`];
    case 'empty':
      return ['token='];
    case 'other-document':
      return [`token=${secret('kyc:88888888-0000-4000-8000-000000000002')}`];
    case 'twice':
      return [valid, valid];
  }
}

function queryValue(draw: Draw, value: unknown): string {
  // Past Node's 16 KiB of request head nothing reaches the service; keep under it.
  const text = (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).slice(0, 4_000);
  // encodeURIComponent cannot encode a lone surrogate: send the bytes of one (not valid UTF-8).
  const surrogate = draw.pick(['%ED%A0%80', '%ED%B0%80', '%00']);
  return text
    .split(/[\ud800-\udfff]/)
    .map((piece) => encodeURIComponent(piece))
    .join(surrogate);
}

function headerParameters(draw: Draw, operation: FuzzOperation, variant: string[]): [string, string][] {
  const headers: [string, string][] = [];
  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'header')) {
    if (!draw.chance(0.4)) continue;
    const value = draw.chance(0.7) ? validValue(draw, parameter.schema) : wrongValue(draw);
    const text = (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).slice(0, 8_000);
    // Node's client refuses control characters and text beyond Latin-1 in a header value.
    headers.push([parameter.name, text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?')]);
    variant.push(`header-parameter:${parameter.name}`);
  }
  return headers;
}

function addBody(draw: Draw, operation: FuzzOperation, request: FuzzRequest): void {
  const media = operation.body?.media ?? {};
  if (media['multipart/form-data']) {
    const drawn = drawMultipartBody(draw, media['multipart/form-data']);
    request.body = drawn.body;
    request.variant.push(`multipart:${drawn.variant}`);
    decorateBody(draw, request, drawn.contentType);
    return;
  }
  if (media['application/json']) {
    if (!operation.body?.required && draw.chance(0.15)) {
      request.variant.push('body:none');
      return;
    }
    const drawn = drawJsonBody(draw, media['application/json']);
    request.body = drawn.body;
    request.variant.push(`body:${drawn.variant}`);
    decorateBody(draw, request, 'application/json');
    return;
  }
  // A body where the operation takes none.
  if (draw.chance(0.06)) {
    request.body = draw.weighted([
      [4, '{}'],
      [4, '\u0000'],
      [1, 'x'.repeat(2_000_000)],
    ] as const);
    request.variant.push('body:unexpected');
    decorateBody(draw, request, 'application/json');
  }
}
