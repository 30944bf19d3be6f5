// The user directory's answers within an organization scope (src/stores/user-directory.ts;
// docs/identity.md#organization-scope) on the demo data: Alice is of Aurora, Heidi of Meridian, the
// platform administrator of none. A user is in a bound scope when she belongs to its organization
// (home or membership), in every organization's scope when she exists; an SDK init token's
// subject stands where the key's binding and the organization asked for allow.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scopeOf } from '../../src/access/organization-scope.ts';
import { createUserDirectory } from '../../src/stores/user-directory.ts';
import { demoDatabase, organizations, scopes } from '../access/support/demo-scopes.ts';

const demo = await demoDatabase();
const users = createUserDirectory(demo.db);

test.after(() => demo.close());

test('a user is in her organization’s scope and every organization’s, not in another organization’s', async () => {
  assert.equal(
    [
      await users.inScope('demo-alice', scopes.aurora),
      await users.inScope('demo-alice', scopes.every),
      await users.inScope('demo-alice', scopes.meridian),
      await users.inScope('demo-admin', scopes.aurora),
      await users.inScope('demo-admin', scopes.every),
      await users.inScope('no-such-user', scopes.every),
    ],
    [true, true, false, false, true, false],
  );
});

test('a user belongs to her home organization, and to one she is a member of', async () => {
  assert.is(await users.belongsTo('demo-heidi', organizations.meridian), true);
  assert.is(await users.belongsTo('demo-heidi', organizations.aurora), false);
  assert.is(await users.belongsTo('no-such-user', organizations.aurora), false);
  await demo.db
    .insertInto('organization_membership')
    .values({ organization_id: organizations.aurora, user_id: 'demo-heidi', role: 'investor' })
    .execute();
  assert.is(await users.belongsTo('demo-heidi', organizations.aurora), true);
  assert.is(await users.inScope('demo-heidi', scopes.aurora), true);
});

test('an SDK token subject: another organization than the key’s, an unknown user, a non-member, a member', async () => {
  assert.equal(
    [
      await users.tokenStanding('demo-alice', scopes.aurora, null),
      await users.tokenStanding('demo-alice', scopes.aurora, organizations.aurora),
      await users.tokenStanding('demo-alice', scopes.aurora, organizations.meridian),
      await users.tokenStanding('demo-grace', scopes.aurora, null),
      await users.tokenStanding('no-such-user', scopes.aurora, null),
      await users.tokenStanding('no-such-user', scopes.every, null),
      await users.tokenStanding('no-such-user', scopes.every, organizations.meridian),
      await users.tokenStanding('demo-alice', scopes.every, organizations.meridian),
      await users.tokenStanding('demo-grace', scopes.every, organizations.meridian),
      await users.tokenStanding('demo-grace', scopes.every, null),
    ],
    [
      'member',
      'member',
      'other-organization',
      'not-member',
      'not-member',
      'unknown-user',
      'not-member',
      'not-member',
      'member',
      'member',
    ],
  );
});

test('organization ids compare as given: another letter case names another organization', async () => {
  const lettered = 'abcdef00-0000-4000-8000-000000000001';
  await demo.db.insertInto('organization').values({ id: lettered, name: 'Lettered Ltd', slug: 'lettered' }).execute();
  await demo.db
    .insertInto('organization_membership')
    .values({ organization_id: lettered, user_id: 'demo-alice', role: 'organization_member' })
    .execute();
  const upper = lettered.toUpperCase();
  assert.equal(
    [
      await users.belongsTo('demo-alice', lettered),
      await users.belongsTo('demo-alice', upper),
      await users.tokenStanding('demo-alice', scopeOf(lettered), upper),
      await users.tokenStanding('demo-alice', scopes.every, upper),
    ],
    [true, false, 'other-organization', 'not-member'],
  );
});

test.run();
