// What the custody tests share: a clock that moves only when told, the simulator as the port
// sees it either in-process or through the HTTP client over loopback (docs/custody.md#tests),
// a logger whose lines a test can read, and a helper that awaits a CustodyProviderError.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import * as assert from 'uvu/assert';
import { createLogger } from '../../../../src/observability/logger.ts';
import { createCustodyProvider } from '../../../../src/providers/custody/create-custody-provider.ts';
import { CustodyProviderError } from '../../../../src/providers/custody/custody-provider-error.ts';
import type { CustodyProvider } from '../../../../src/providers/custody/custody-provider.ts';
import { createCustodySimulatorHandler } from '../../../../src/providers/custody/custody-simulator-server.ts';
import { createCustodySimulator, type CustodySimulator } from '../../../../src/providers/custody/custody-simulator.ts';

export const testAccessToken = 'v2x8f3c1e0a9b7d6c5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1';

export interface ManualClock {
  now: () => Date;
  advance(ms: number): void;
}

export function manualClock(start: string): ManualClock {
  let current = Date.parse(start);
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface CustodyHarness {
  /** The port under test. */
  provider: CustodyProvider;
  /** The same custodian, for its control moves. */
  simulator: CustodySimulator;
  clock: ManualClock;
  close(): Promise<void>;
}

export type HarnessFactory = () => Promise<CustodyHarness>;

const start = '2026-03-02T09:00:00.000Z';

export const inProcessHarness: HarnessFactory = async () => {
  const clock = manualClock(start);
  const simulator = createCustodySimulator({ now: clock.now, seed: 'custody-contract' });
  return { provider: simulator, simulator, clock, close: async () => {} };
};

export const loopbackHttpHarness: HarnessFactory = async () => {
  const clock = manualClock(start);
  const simulator = createCustodySimulator({ now: clock.now, seed: 'custody-contract' });
  const server = await listen(createCustodySimulatorHandler(simulator, { accessToken: testAccessToken }));
  const provider = createCustodyProvider({ url: server.url, accessToken: testAccessToken, logger: silentLogger() });
  return { provider, simulator, clock, close: server.close };
};

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

export async function listen(listener: http.RequestListener): Promise<LoopbackServer> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function silentLogger(): Logger {
  return createLogger('silent');
}

export function capturingLogger(): { logger: Logger; text(): string } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('debug', sink), text: () => lines.join('') };
}

export async function custodyRejection(promise: Promise<unknown>): Promise<CustodyProviderError> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, CustodyProviderError);
    return error as CustodyProviderError;
  }
  throw new Error('expected the promise to reject');
}
