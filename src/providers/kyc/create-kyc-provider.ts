// Chooses the KYC provider (docs/providers.md#kyc): the HTTP client when a
// URL is configured, otherwise the simulator.
import type { Logger } from 'pino';
import { createKycHttpClient } from './kyc-http-client.ts';
import type { KycProvider } from './kyc-provider.ts';
import { createKycSimulator } from './kyc-simulator.ts';

export interface KycProviderOptions {
  url?: string;
  appToken?: string;
  secretKey?: string;
  timeoutMs?: number;
  logger: Logger;
  fetch?: typeof fetch;
}

export function createKycProvider(options: KycProviderOptions): KycProvider {
  const { url, appToken, secretKey, timeoutMs, logger } = options;
  if (!url) {
    logger.info({ provider: 'kyc', mode: 'simulator' }, 'KYC provider: simulator (no URL configured)');
    return createKycSimulator();
  }
  const origin = parseOrigin(url);
  if (!appToken || !secretKey) {
    const missing = [appToken ? '' : 'appToken', secretKey ? '' : 'secretKey'].filter(Boolean);
    throw new Error(
      `KYC provider URL ${origin} is configured but ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing: requests to it must be signed; set both, or remove the URL to use the simulator`,
    );
  }
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new Error(`KYC provider timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`);
  }
  logger.info({ provider: 'kyc', mode: 'http', origin }, 'KYC provider: HTTP client');
  return createKycHttpClient({ url, appToken, secretKey, timeoutMs, logger, fetch: options.fetch });
}

/** The origin only: a URL may carry credentials, which must not reach an error message or log. */
function parseOrigin(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
    return parsed.origin;
  } catch {
    throw new Error('KYC provider URL is not a valid http(s) URL');
  }
}
