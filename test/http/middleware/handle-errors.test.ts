// An error's retry delay is data (AppError.retryAfterSeconds); the REST error middleware says it
// as the Retry-After header, and an error without one gets no such header
// (docs/architecture.md#layers, openapi.yaml ServiceUnavailable).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../src/errors/app-error.ts';
import type { HttpState } from '../../../src/http/koa-state.ts';
import { handleErrors } from '../../../src/http/middleware/handle-errors.ts';
import { requestId } from '../../../src/http/middleware/request-id.ts';
import { createLogger } from '../../../src/observability/logger.ts';

async function answerTo(
  error: AppError,
): Promise<{ status: number; retryAfter: string | null; body: Record<string, unknown> }> {
  const app = new Koa<HttpState>();
  app.use(requestId());
  app.use(handleErrors(createLogger('silent')));
  app.use(() => {
    throw error;
  });
  app.silent = true;
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as Record<string, unknown>,
    };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

test('retryAfterSeconds becomes Retry-After in whole seconds, with the status and body of the code', async () => {
  const answer = await answerTo(
    new AppError('SERVICE_UNAVAILABLE', 'PDF render timed out after 10 ms', { retryAfterSeconds: 5 }),
  );
  assert.is(answer.status, 503);
  assert.is(answer.retryAfter, '5');
  assert.is(answer.body.code, 'SERVICE_UNAVAILABLE');
  assert.is(answer.body.message, 'PDF render timed out after 10 ms');
  assert.is(answer.body.success, false);
});

test('an error without a retry delay has no Retry-After', async () => {
  const answer = await answerTo(new AppError('NOT_FOUND', 'no such invoice'));
  assert.is(answer.status, 404);
  assert.is(answer.retryAfter, null);
});

test.run();
