// The custodian fake (docs/custody.md#tests-of-the-mutations): the custody simulator served over
// loopback HTTP, so the service's real HTTP client runs; the simulator itself for the custodian's
// side (deposits, confirmations, its books); an HTTP client to the same custodian as the service
// uses it; and two ways to make it fail: the next call of a method throws an error (answered as
// the custodian would), or the next request that matches is answered with an HTTP error status.
// It counts the calls of each method and keeps its last answer to each.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLogger } from '../../../src/observability/logger.ts';
import { createCustodyHttpClient } from '../../../src/providers/custody/custody-http-client.ts';
import type { CustodyProvider } from '../../../src/providers/custody/custody-provider.ts';
import { createCustodySimulatorHandler } from '../../../src/providers/custody/custody-simulator-server.ts';
import {
  createCustodySimulator,
  type CustodySimulator,
  type CustodySimulatorOptions,
} from '../../../src/providers/custody/custody-simulator.ts';
import { listen, testAccessToken } from '../../providers/custody/support/custody-harness.ts';
import type { ProviderFake } from './provider-fake.ts';

type CustodyMethod = keyof CustodyProvider;

export interface CustodyFake extends ProviderFake {
  /** The custodian, for its control moves and to read its books. */
  readonly simulator: CustodySimulator;
  /** The HTTP client to the same custodian, as the service uses it. */
  readonly client: CustodyProvider;
  /** The next call of the method throws the error instead. */
  failNext(method: CustodyMethod, error: Error): void;
  /** The next custodian request `matches` accepts is answered `status` with an error body. */
  failNextRequest(matches: (method: string, url: URL) => boolean, status?: number): void;
  /** How many calls of each method the custodian got. */
  readonly calls: Record<string, number>;
  /** The custodian's last answer to each method. */
  readonly answers: Record<string, any>;
}

export async function startCustodyFake(options: CustodySimulatorOptions = {}): Promise<CustodyFake> {
  const simulator = createCustodySimulator(options);
  const custodian = faultyCustodian(simulator);
  const handler = createCustodySimulatorHandler(custodian.provider, { accessToken: testAccessToken });
  const requestFaults: { matches: (method: string, url: URL) => boolean; status: number }[] = [];
  const server = await listen((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://custodian');
    const fault = requestFaults.find((candidate) => candidate.matches(request.method ?? '', url));
    if (!fault) return handler(request, response);
    requestFaults.splice(requestFaults.indexOf(fault), 1);
    response.writeHead(fault.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'injected failure', name: 'ServiceUnavailable', requestId: 'test' }));
  });
  return {
    simulator,
    client: createCustodyHttpClient({ url: server.url, accessToken: testAccessToken, logger: createLogger('silent') }),
    calls: custodian.calls,
    answers: custodian.answers,
    failNext: custodian.failNext,
    failNextRequest: (matches, status = 503) => requestFaults.push({ matches, status }),
    env: { CUSTODY_URL: server.url, CUSTODY_ACCESS_TOKEN: testAccessToken },
    close: server.close,
  };
}

/** The simulator's methods, each counting its calls, keeping its answer, and failing once when told. */
function faultyCustodian(simulator: CustodySimulator) {
  const failures = new Map<string, Error>();
  const calls: Record<string, number> = {};
  const answers: Record<string, any> = {};
  const provider = Object.fromEntries(
    (Object.keys(simulator) as (keyof CustodySimulator)[])
      .filter((method) => method !== 'control')
      .map((method) => [
        method,
        async (...args: unknown[]) => {
          calls[method] = (calls[method] ?? 0) + 1;
          const failure = failures.get(method);
          failures.delete(method);
          if (failure) throw failure;
          answers[method] = await (simulator[method] as (...a: unknown[]) => Promise<unknown>)(...args);
          return answers[method];
        },
      ]),
  ) as unknown as CustodyProvider;
  const failNext = (method: CustodyMethod, error: Error) => void failures.set(method, error);
  return { provider, calls, answers, failNext };
}
