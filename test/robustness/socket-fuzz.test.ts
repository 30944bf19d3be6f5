// Fuzzed graphql-ws sessions on the business API's socket (docs/robustness.md#sockets), on the
// budget of the HTTP fuzz (a session per 20 of its requests, over the same FUZZ_SEEDS): every
// socket the server closes is closed with a code the protocol or docs/identity.md#sockets
// documents, never 1011 or 4500 (an internal error) or without a close frame; no answer carries
// INTERNAL_SERVER_ERROR; nothing is logged at error level; and the service still answers on a
// fresh socket and over HTTP afterwards.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { createMarketDataSimulator } from '../../src/providers/market-data/market-data-simulator.ts';
import {
  type MarketDataSimulatorServer,
  serveMarketData,
} from '../../src/providers/market-data/market-data-simulator-server.ts';
import { openGraphqlSocket } from '../support/graphql-socket.ts';
import { type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';
import { drawFor } from './draw.ts';
import { readFuzzBudget } from './fuzz-budget.ts';
import { type SocketSession, socketSession, validKeyPlaceholder } from './socket-sessions.ts';

/** Close codes a server may send: the client's own 1000, graphql-ws' protocol errors and the caps. */
const documentedCloseCodes = new Set([1000, 1001, 1009, 4400, 4401, 4403, 4408, 4409, 4429]);
const sessionDeadlineMs = 30_000;

const budget = readFuzzBudget(process.env);
const sessionsPerSeed = Math.max(10, Math.ceil(budget.requestsPerSeed / 20));
const logLines: Record<string, unknown>[] = [];
const simulator: MarketDataSimulatorServer = await serveMarketData(
  createMarketDataSimulator({ productIds: ['BTC-USD'] }),
  { updatesPerSecond: 5 },
);
const service: TestService = await startTestService(
  {
    MARKET_DATA: 'on',
    MARKET_DATA_URL: simulator.url,
    MARKET_DATA_PRODUCTS: 'BTC-USD',
    // The limits have tests of their own (test/graphql/socket-limits.test.ts, test/http/failed-credential-limit.test.ts);
    // here they would refuse most sessions before their frames were read.
    API_RATE_LIMIT: '0',
    FAILED_CREDENTIAL_LIMIT: '0',
  },
  { logLines },
);

test.after(async () => {
  await service.stop();
  await simulator.close();
});

interface SessionOutcome {
  close: { code: number; reason: string } | null;
  messages: { type?: string; id?: unknown; payload?: any }[];
}

/** Sends the session's frames, then a `{ ping }` of its own, and waits for that one's end or the close. */
function runSession(session: SocketSession): Promise<SessionOutcome> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${service.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const messages: SessionOutcome['messages'] = [];
    const deadline = setTimeout(() => {
      ws.terminate();
      reject(new Error(`no end within ${sessionDeadlineMs / 1000} s`));
    }, sessionDeadlineMs);
    const finish = (close: SessionOutcome['close']) => {
      clearTimeout(deadline);
      resolve({ close, messages });
    };
    ws.on('error', () => {});
    const fill = (frame: string | Buffer) =>
      typeof frame === 'string' ? frame.replaceAll(validKeyPlaceholder, testAdminApiKey) : frame;
    const sendRest = () => {
      for (const frame of session.frames) ws.send(fill(frame));
      ws.send(JSON.stringify({ type: 'subscribe', id: 'final', payload: { query: '{ ping }' } }));
    };
    // As a client does, the frames after connection_init wait for its acknowledgement.
    ws.on('open', () => (session.init ? ws.send(fill(session.init)) : sendRest()));
    ws.on('message', (data) => {
      let message;
      try {
        message = JSON.parse(data.toString());
      } catch {
        message = { type: 'not-json', payload: data.toString() };
      }
      messages.push(message);
      if (message.type === 'connection_ack') sendRest();
      if (message.id === 'final' && (message.type === 'complete' || message.type === 'error')) {
        ws.removeAllListeners('close');
        ws.on('close', () => {});
        ws.close(1000);
        finish(null);
      }
    });
    ws.on('close', (code, reason) => finish({ code, reason: reason.toString() }));
  });
}

/** What is wrong with an outcome, or nothing. */
function problems(outcome: SessionOutcome): string[] {
  const found: string[] = [];
  if (outcome.close && !documentedCloseCodes.has(outcome.close.code))
    found.push(`closed with ${outcome.close.code} ${outcome.close.reason}`);
  for (const message of outcome.messages) {
    if (message.type === 'not-json') found.push(`a frame that is not JSON: ${String(message.payload).slice(0, 200)}`);
    const errors = message.type === 'error' ? message.payload : message.type === 'next' ? message.payload?.errors : [];
    if (errors === undefined) continue;
    for (const error of Array.isArray(errors) ? errors : [errors])
      if (typeof error?.message !== 'string' || error.extensions?.code === 'INTERNAL_SERVER_ERROR')
        found.push(`error ${JSON.stringify(error).slice(0, 300)}`);
  }
  return found;
}

async function runSeed(seed: number): Promise<string[]> {
  const failures: string[] = [];
  const indexes = Array.from({ length: sessionsPerSeed }, (_, index) => index);
  const worker = async () => {
    for (let index = indexes.shift(); index !== undefined; index = indexes.shift()) {
      const session = socketSession(drawFor(seed, 1_000_000 + index));
      try {
        const found = problems(await runSession(session));
        if (found.length > 0)
          failures.push(`seed ${seed} session ${index} (${session.variant.join(' ')}): ${found.join('; ')}`);
      } catch (error) {
        failures.push(`seed ${seed} session ${index} (${session.variant.join(' ')}): ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: budget.concurrency }, worker));
  return failures;
}

test('fuzzed graphql-ws sessions: documented close codes, no internal errors, the service serves on', async () => {
  const failures: string[] = [];
  for (const seed of budget.seeds) failures.push(...(await runSeed(seed)));
  console.log(`${sessionsPerSeed * budget.seeds.length} socket sessions over seeds ${budget.seeds.join(',')}`);
  for (const failure of failures.slice(0, 20)) console.log(failure);
  const errorLines = logLines.filter((line) => Number(line['level']) >= 50);
  for (const line of errorLines.slice(0, 10)) console.log(JSON.stringify(line).slice(0, 600));
  assert.is(failures.length, 0, `${failures.length} sessions failed their checks (printed above)`);
  assert.is(errorLines.length, 0, `${errorLines.length} lines logged at error level (printed above)`);
  const { socket, acknowledged } = await openGraphqlSocket(service.url, { apiKey: testAdminApiKey });
  assert.ok(acknowledged);
  assert.equal((await socket.operation('after', '{ ping }')).results, [{ data: { ping: 'pong' } }]);
  socket.close();
  const http = await service.request('POST', '/graphql', {
    headers: { 'x-api-key': testAdminApiKey },
    body: { query: '{ ping }' },
  });
  assert.is(http.status, 200);
});

test.run();
