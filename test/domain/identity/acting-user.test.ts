// The acting user of an API key's request (docs/identity.md#acting-user) against the real user
// directory on the demo data: the owner by default, a named member of the key's organization,
// and one refusal for a stranger and for nobody at all.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createUserDirectory } from '../../../src/stores/user-directory.ts';
import { createDatabase } from '../../../src/db/create-database.ts';
import { seedDemoData } from '../../../src/db/seed/demo-seed.ts';
import { resolveActingUser } from '../../../src/domain/identity/acting-user.ts';
import type { ApiKeyPrincipal } from '../../../src/access/principal.ts';
import type { AppError } from '../../../src/errors/app-error.ts';
import { createTestDatabase } from '../../support/test-database.ts';

const database = await createTestDatabase();
const { db } = createDatabase({ url: database.url });
await seedDemoData(db);
const users = createUserDirectory(db);

const organizationId = (await users.find('demo-alice'))!.organizationIds[0]!;
const outsider = await firstUserOutside(organizationId);

async function firstUserOutside(organization: string) {
  for (const { id } of await users.list()) {
    const profile = await users.find(id);
    if (profile && !profile.organizationIds.includes(organization)) return profile;
  }
  throw new Error(`the demo data has no user outside organization ${organization}`);
}

function key(overrides: Partial<ApiKeyPrincipal> = {}): ApiKeyPrincipal {
  return {
    kind: 'api-key',
    keyId: 'k',
    keyKind: 'service',
    organizationId,
    scopes: [],
    ownerUserId: 'demo-alice',
    ...overrides,
  };
}

async function refusal(run: Promise<string>): Promise<string> {
  try {
    await run;
  } catch (error) {
    return `${(error as AppError).code}: ${(error as AppError).message}`;
  }
  throw new Error('expected a refusal');
}

test.after(async () => {
  await db.destroy();
  await database.drop();
});

test('without a name the key owner acts; a key without an owner must name someone', async () => {
  assert.is(await resolveActingUser(key(), undefined, users), 'demo-alice');
  assert.is(
    await refusal(resolveActingUser(key({ ownerUserId: null }), undefined, users)),
    'FORBIDDEN: this API key has no owner to act for it: name the acting user with X-Acting-User',
  );
});

test('a named member of the key organization acts; a stranger and an unknown id get one refusal', async () => {
  assert.is(await resolveActingUser(key({ ownerUserId: null }), 'demo-alice', users), 'demo-alice');
  const refused = "FORBIDDEN: X-Acting-User names no user of this API key's organization";
  assert.is(await refusal(resolveActingUser(key(), outsider.id, users)), refused);
  assert.is(await refusal(resolveActingUser(key(), 'no-such-user', users)), refused);
});

test('a key of no organization (an admin key) may name any existing user', async () => {
  assert.is(await resolveActingUser(key({ organizationId: null, keyKind: 'admin' }), outsider.id, users), outsider.id);
});

test('a name PostgreSQL cannot hold, or too long, is a validation error', async () => {
  const invalid = 'VALIDATION_FAILED: X-Acting-User must be a user id of at most 255 characters';
  assert.is(await refusal(resolveActingUser(key(), 'a\u0000b', users)), invalid);
  assert.is(await refusal(resolveActingUser(key(), 'a'.repeat(256), users)), invalid);
});

test.run();
