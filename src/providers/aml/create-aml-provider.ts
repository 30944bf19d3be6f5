// Chooses the AML provider (docs/providers.md#aml-screening): the HTTP client when AML_URL is
// set (AML_API_KEY is then required), otherwise the simulator.
import type { Logger } from 'pino';
import { assertTimeout, httpOrigin } from '../http-json/provider-url.ts';
import { createAmlHttpClient } from './aml-http-client.ts';
import type { AmlProvider } from './aml-provider.ts';
import { type AmlSimulatorOptions, createAmlSimulator } from './aml-simulator.ts';

export interface AmlProviderOptions {
  url?: string;
  apiKey?: string;
  timeoutMs?: number;
  logger: Logger;
  fetch?: typeof fetch;
  /** Options of the simulator, used when no URL is set. */
  simulator?: AmlSimulatorOptions;
}

export function createAmlProvider(options: AmlProviderOptions): AmlProvider {
  const { url, apiKey, timeoutMs, logger } = options;
  if (!url) {
    logger.info({ provider: 'aml', mode: 'simulator' }, 'AML provider: simulator (no URL configured)');
    return createAmlSimulator(options.simulator);
  }
  const origin = httpOrigin(url, 'AML');
  if (!apiKey) {
    throw new Error(
      `AML provider URL ${origin} is configured but apiKey is missing: set AML_API_KEY, or remove the URL to use the simulator`,
    );
  }
  assertTimeout(timeoutMs, 'AML');
  logger.info({ provider: 'aml', mode: 'http', origin }, 'AML provider: HTTP client');
  return createAmlHttpClient({ url, apiKey, timeoutMs, logger, fetch: options.fetch });
}
