// OpenTelemetry traces (docs/tracing.md), exported over real OTLP/HTTP to a collector played by
// this test: a caller's `traceparent` is the parent of the request's SERVER span on both ports,
// the GraphQL operation, its root field and the SQL statements below are its descendants, the
// access log line names the trace, and a provider call carries the trace on to the provider.
import http from 'node:http';
import { context, trace } from '@opentelemetry/api';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTracing } from '../../src/observability/tracing/start-tracing.ts';
import { providerFetch } from '../../src/observability/tracing/traced-fetch.ts';
import { tracer, tracingOn } from '../../src/observability/tracing/tracing.ts';
import { startTestService, testAdminApiKey, type TestService } from '../support/test-service.ts';

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const spans: ExportedSpan[] = [];
const collector = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const parsed = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] };
    for (const resource of parsed.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
const collectorUrl = `http://127.0.0.1:${(collector.address() as { port: number }).port}`;
// The batch processor exports every 100 ms here rather than every 5 s (an OTEL_* variable it reads itself).
process.env.OTEL_BSP_SCHEDULE_DELAY = '100';

const logLines: Record<string, unknown>[] = [];
let service: TestService;

test.before(async () => {
  service = await startTestService({ SEED: 'demo', OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl }, { logLines });
});

test.after(async () => {
  await service?.stop();
  await new Promise((resolve) => collector.close(resolve));
});

const hex = (length: number) => Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join('');

function attribute(span: ExportedSpan, key: string): unknown {
  const found = span.attributes.find((entry) => entry.key === key);
  return found ? Object.values(found.value)[0] : undefined;
}

async function spansOf(traceId: string, done: (found: ExportedSpan[]) => boolean): Promise<ExportedSpan[]> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const found = spans.filter((span) => span.traceId === traceId);
    if (done(found)) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `spans of ${traceId}: ${JSON.stringify(spans.filter((span) => span.traceId === traceId).map((s) => s.name))}`,
  );
}

/** Whether `span` descends from `ancestor` within `all`. */
function descends(span: ExportedSpan, ancestor: ExportedSpan, all: ExportedSpan[]): boolean {
  let current: ExportedSpan | undefined = span;
  while (current?.parentSpanId) {
    if (current.parentSpanId === ancestor.spanId) return true;
    current = all.find((candidate) => candidate.spanId === current!.parentSpanId);
  }
  return false;
}

test('a business API request: SERVER span under the caller’s traceparent, then operation, root field and SQL', async () => {
  const traceId = hex(32);
  const callerSpan = hex(16);
  const response = await service.request('POST', '/graphql', {
    headers: { 'x-api-key': testAdminApiKey, traceparent: `00-${traceId}-${callerSpan}-01` },
    body: {
      query:
        'query NetWorth($id: UUID!) { netWorthUsdByOrganizationId(organizationId: $id, refresh: true) { usdValue } }',
      variables: { id: '11111111-0000-4000-8000-000000000001' },
    },
  });
  assert.is(response.status, 200, response.text);
  const found = await spansOf(
    traceId,
    (all) => all.some((span) => span.kind === 2) && all.some((span) => span.name.startsWith('db ')),
  );
  const server = found.find((span) => span.kind === 2)!;
  assert.is(server.parentSpanId, callerSpan);
  assert.is(server.name, 'POST /graphql');
  assert.is(attribute(server, 'http.response.status_code'), 200);
  // Named by its root field, the bounded label the metrics use too; the client's name is an attribute.
  const operation = found.find((span) => span.name === 'graphql.operation netWorthUsdByOrganizationId');
  assert.ok(operation, JSON.stringify(found.map((span) => span.name)));
  assert.is(operation!.parentSpanId, server.spanId);
  assert.is(attribute(operation!, 'graphql.operation.name'), 'NetWorth');
  const field = found.find((span) => span.name === 'graphql.resolve netWorthUsdByOrganizationId')!;
  assert.ok(field && field.parentSpanId === operation!.spanId);
  const statements = found.filter((span) => span.name.startsWith('db '));
  assert.ok(
    statements.some((statement) => descends(statement, field, found)),
    'SQL below the root field',
  );
  for (const statement of statements) {
    assert.is(statement.kind, 3);
    assert.is(attribute(statement, 'db.system.name'), 'postgresql');
    assert.not.match(String(attribute(statement, 'db.query.text')), /11111111-0000-4000-8000-000000000001/);
  }
  const line = logLines.find((entry) => entry['msg'] === 'request' && entry['traceId'] === traceId);
  assert.ok(line, 'the access log line names the trace');
});

test('a data-layer request: SERVER span on DATA_PORT with its statement below', async () => {
  const traceId = hex(32);
  const callerSpan = hex(16);
  const response = await fetch(`${service.dataUrl}/v1/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-data-admin-secret': 'test-data-admin-secret-0123456789',
      traceparent: `00-${traceId}-${callerSpan}-01`,
    },
    body: JSON.stringify({ query: '{ organization { id } }' }),
  });
  assert.is(response.status, 200);
  const found = await spansOf(
    traceId,
    (all) => all.some((span) => span.name.startsWith('db ')) && all.some((s) => s.kind === 2),
  );
  const server = found.find((span) => span.kind === 2)!;
  assert.is(server.parentSpanId, callerSpan);
  assert.is(server.name, 'POST /v1/graphql');
  assert.ok(found.filter((span) => span.name.startsWith('db ')).every((span) => descends(span, server, found)));
});

test('a provider call is a CLIENT span whose traceparent reaches the provider', async () => {
  assert.ok(tracingOn());
  let received: string | undefined;
  const provider = http.createServer((request, response) => {
    received = request.headers.traceparent as string | undefined;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(provider.address() as { port: number }).port}/v1/prices?key=secret`;
  const parent = tracer().startSpan('test parent');
  await context.with(trace.setSpan(context.active(), parent), async () => {
    const answer = await providerFetch('coin-prices')(url);
    await answer.arrayBuffer();
  });
  parent.end();
  await new Promise((resolve) => provider.close(resolve));
  const traceId = parent.spanContext().traceId;
  const found = await spansOf(traceId, (all) => all.some((span) => span.kind === 3));
  const client = found.find((span) => span.kind === 3)!;
  assert.is(client.name, 'coin-prices GET');
  assert.is(client.parentSpanId, parent.spanContext().spanId);
  assert.is(attribute(client, 'url.path'), '/v1/prices');
  assert.is(received, `00-${traceId}-${client.spanId}-01`);
});

test('tracing is one process-wide switch: a second start while on changes nothing', async () => {
  const again = startTracing({ endpoint: collectorUrl, serviceName: 'x', serviceVersion: '0' });
  await again.close();
  assert.ok(tracingOn());
});

test.run();
