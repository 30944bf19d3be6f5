// Tags of cached wallet results (src/domain/wallets/wallet-cache-tags.ts): what each names, and an
// owner's tag that stays within the result cache's longest tag however long the user id
// (app_user.id holds up to 255 characters).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { longestTag } from '../../../src/cache/result-cache.ts';
import {
  walletChangeTags,
  walletOrganizationTag,
  walletOwnerTag,
  walletTag,
} from '../../../src/domain/wallets/wallet-cache-tags.ts';

test('a wallet, an owner and an organization each have their own tag', () => {
  assert.is(walletTag(12), 'wallet:12');
  assert.is(walletOwnerTag('demo-frank'), 'wallets-of-user:demo-frank');
  assert.is(
    walletOrganizationTag('11111111-0000-4000-8000-000000000001'),
    'wallets-of-organization:11111111-0000-4000-8000-000000000001',
  );
});

test('a user id too long for a tag names its SHA-256 instead, the same each time, one per user', () => {
  const fits = 'u'.repeat(longestTag - 'wallets-of-user:'.length);
  assert.is(walletOwnerTag(fits), `wallets-of-user:${fits}`);
  const long = 'u'.repeat(255);
  assert.is(
    walletOwnerTag(long),
    'wallets-of-user:sha256:c86ac012f631fe949ed8dcecb6fba01cdbe08bf7315c1d03d8a5770b5827e0dc',
  );
  assert.is(walletOwnerTag(long), walletOwnerTag('u'.repeat(255)));
  assert.is.not(walletOwnerTag(long), walletOwnerTag(`${long.slice(1)}v`));
  assert.ok(walletOwnerTag(long).length <= longestTag);
});

test("a wallet's change tags: its own, its organization's, and its owner's when it has one", () => {
  const organizationId = '11111111-0000-4000-8000-000000000001';
  assert.equal(walletChangeTags({ id: 7, ownerUserId: 'demo-frank', organizationId }), [
    'wallet:7',
    `wallets-of-organization:${organizationId}`,
    'wallets-of-user:demo-frank',
  ]);
  assert.equal(walletChangeTags({ id: 7, ownerUserId: null, organizationId }), [
    'wallet:7',
    `wallets-of-organization:${organizationId}`,
  ]);
});

test.run();
