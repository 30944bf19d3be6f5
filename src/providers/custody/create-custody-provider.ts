// Chooses the custody provider (docs/custody.md#choosing-the-provider): the HTTP client when
// CUSTODY_URL is configured, otherwise the in-process simulator, whose signed transfers move on
// by themselves (CUSTODY_SIM_BROADCAST_MS, CUSTODY_SIM_CONFIRM_MS) so the platform shows
// transfers confirming without a custodian.
import type { Logger } from 'pino';
import { defaultCustodySimulatorTiming } from '../../config/config.ts';
import { createCustodyHttpClient } from './custody-http-client.ts';
import type { CustodyProvider } from './custody-provider.ts';
import { createCustodySimulator, type CustodySimulatorOptions } from './custody-simulator.ts';

export interface CustodyProviderOptions {
  url?: string;
  accessToken?: string;
  timeoutMs?: number;
  logger: Logger;
  fetch?: typeof fetch;
  /** Options of the simulator used without a URL; default: it moves sends on at the default timing of src/config. */
  simulator?: CustodySimulatorOptions;
}

export function createCustodyProvider(options: CustodyProviderOptions): CustodyProvider {
  const { url, accessToken, timeoutMs, logger } = options;
  if (!url) {
    logger.info({ provider: 'custody', mode: 'simulator' }, 'custody provider: simulator (no URL configured)');
    return createCustodySimulator(options.simulator ?? { autoProgress: defaultCustodySimulatorTiming });
  }
  const origin = parseOrigin(url);
  if (!accessToken) {
    throw new Error(
      `custody provider URL ${origin} is configured but accessToken is missing: requests to it carry a bearer token; set it, or remove the URL to use the simulator`,
    );
  }
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new Error(`custody provider timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`);
  }
  logger.info({ provider: 'custody', mode: 'http', origin }, 'custody provider: HTTP client');
  return createCustodyHttpClient({ url, accessToken, timeoutMs, logger, fetch: options.fetch });
}

/** The origin only: a URL may carry credentials, which must not reach an error message or a log. */
function parseOrigin(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
    return parsed.origin;
  } catch {
    throw new Error('custody provider URL is not a valid http(s) URL');
  }
}
