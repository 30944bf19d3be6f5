// Real credentials behind the fuzzer's placeholders, made the way the other tests make them
// (docs/identity.md#credentials): session rows through the session store, platform access tokens
// through POST /auth/token-exchange with a token of the test identity provider, API keys of each
// kind through the key service, signed KYC document links through the platform token forge.
import { createApiKeyService } from '../../src/domain/identity/api-key-service.ts';
import { createSessionService } from '../../src/domain/identity/session-service.ts';
import { createDatabase } from '../../src/db/create-database.ts';
import { createApiKeyStore } from '../../src/stores/api-key-store.ts';
import { createSessionStore } from '../../src/stores/session-store.ts';
import type { FakeIdentityProvider } from '../support/fake-identity-provider.ts';
import type { PlatformTokenForge } from '../support/platform-token-forge.ts';
import { secretPlaceholder } from './fuzz-request.ts';

export interface CredentialVault {
  /** The text with every `{{secret:…}}` placeholder replaced by a real credential. */
  fill(text: string): Promise<string>;
  close(): Promise<void>;
}

export interface VaultOptions {
  databaseUrl: string;
  /** The service's public URL, where POST /auth/token-exchange is. */
  serviceUrl: string;
  provider: FakeIdentityProvider;
  forge: PlatformTokenForge;
  adminApiKey: string;
  dataAdminSecret: string;
}

/** A lifetime longer than any run, so no credential expires during one. */
const lifetimeSeconds = 6 * 60 * 60;

/** The KYC simulator serves every demo document whatever the inspection named. */
const kycInspectionId = 'a1b2c3d4e5f60718293a4b5c';

export async function openCredentialVault(options: VaultOptions): Promise<CredentialVault> {
  const { db } = createDatabase({ url: options.databaseUrl, poolSize: 2, applicationName: 'robustness-fuzz' });
  const sessions = createSessionService({ store: createSessionStore(db) });
  const apiKeys = createApiKeyService({ store: createApiKeyStore(db) });
  const keys: Record<string, string> = {
    admin: options.adminApiKey,
    workflow: (await apiKeys.create({ name: 'fuzz workflow', kind: 'service', scopes: ['workflow-sdk'] })).secret,
    kyc: (await apiKeys.create({ name: 'fuzz kyc', kind: 'service', scopes: ['kyc-sdk'] })).secret,
    partner: (await apiKeys.create({ name: 'fuzz partner', kind: 'partner', scopes: [] })).secret,
  };
  const cached = new Map<string, Promise<string>>();

  const accessToken = async (userId: string): Promise<string> => {
    const response = await fetch(`${options.serviceUrl}/auth/token-exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: await options.provider.sign({ sub: userId }, { expiresIn: lifetimeSeconds }) }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`token exchange for ${userId}: ${response.status} ${text}`);
    return (JSON.parse(text) as { token: string }).token;
  };

  const make = async (name: string): Promise<string> => {
    const [kind = '', argument = ''] = name.split(/:(.*)/s);
    switch (kind) {
      case 'cookie':
      case 'fresh-cookie':
        return (await sessions.create(argument, lifetimeSeconds)).cookieSecret;
      case 'access':
      case 'fresh-access':
        return accessToken(argument);
      case 'provider':
        return options.provider.sign({ sub: argument }, { expiresIn: lifetimeSeconds });
      case 'api-key':
        return keys[argument] ?? 'unknown-key';
      case 'kyc':
        return options.forge.issueAt(
          new Date(),
          'kyc-document',
          { sub: argument, inspection_id: kycInspectionId },
          lifetimeSeconds,
        );
      case 'data-admin-secret':
        return options.dataAdminSecret;
      default:
        throw new Error(`unknown credential placeholder ${name}`);
    }
  };

  const value = (name: string): Promise<string> => {
    if (name.startsWith('fresh-') || name.startsWith('provider:')) return make(name);
    let promise = cached.get(name);
    if (!promise) {
      promise = make(name);
      cached.set(name, promise);
    }
    return promise;
  };

  return {
    async fill(text) {
      if (!text.includes('{{secret:')) return text;
      const names = [...text.matchAll(secretPlaceholder)].map((match) => match[1] as string);
      const values = await Promise.all(names.map(value));
      let index = 0;
      return text.replace(secretPlaceholder, () => values[index++] as string);
    },
    close: () => db.destroy(),
  };
}
