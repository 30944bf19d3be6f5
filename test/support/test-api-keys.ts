// API keys for tests (docs/identity.md#api-keys), made through the real key service on a test
// service's database: by organization, scopes, owner and kind, one at a time or a named set; and
// revoked as an operator revokes them.
import type { ApiKeyKind } from '../../src/access/principal.ts';
import type { Db } from '../../src/db/create-database.ts';
import { createApiKeyService } from '../../src/domain/identity/api-key-service.ts';
import { createApiKeyStore } from '../../src/stores/api-key-store.ts';

/** What a test asks a key to be; every part has a default. */
export interface TestKeySpec {
  /** The organization the key is bound to; none (null) by default. */
  organization?: string | null;
  /** The scopes it holds; none by default (an admin key holds every scope whatever it lists). */
  scopes?: readonly string[];
  /** The user who created it, whom it acts for (docs/identity.md#acting-user); none by default. */
  owner?: string | null;
  /** `service` by default. */
  kind?: ApiKeyKind;
  /** The key's name; one naming its kind and a running number by default. */
  name?: string;
}

/** A key as made: the secret a caller sends and the ids the database records it by. */
export interface TestApiKey {
  readonly secret: string;
  /** api_key.id, as audit_log.actor_api_key_id records it. */
  readonly id: string;
  readonly prefix: string;
}

export interface TestKeyMaker {
  key(spec?: TestKeySpec): Promise<TestApiKey>;
  /** One key per name, made in the order given. */
  keys<Names extends string>(specs: Record<Names, TestKeySpec>): Promise<Record<Names, TestApiKey>>;
  /** Revokes the key as an operator does (docs/identity.md#api-keys). */
  revoke(key: TestApiKey): Promise<void>;
}

export function testKeyMaker(db: Db): TestKeyMaker {
  const apiKeys = createApiKeyService({ store: createApiKeyStore(db) });
  let made = 0;
  const key = async (spec: TestKeySpec = {}): Promise<TestApiKey> => {
    const kind = spec.kind ?? 'service';
    made += 1;
    const created = await apiKeys.create({
      name: spec.name ?? `test ${kind} key ${made}`,
      kind,
      organizationId: spec.organization ?? null,
      scopes: spec.scopes ?? [],
      createdBy: spec.owner ?? null,
    });
    return { secret: created.secret, id: created.key.id, prefix: created.key.prefix };
  };
  return {
    key,
    async keys(specs) {
      const set: Partial<Record<keyof typeof specs, TestApiKey>> = {};
      for (const [name, spec] of Object.entries(specs) as [keyof typeof specs, TestKeySpec][]) {
        set[name] = await key(spec);
      }
      return set as Record<keyof typeof specs, TestApiKey>;
    },
    async revoke(revoked) {
      await apiKeys.revoke(revoked.id);
    },
  };
}
