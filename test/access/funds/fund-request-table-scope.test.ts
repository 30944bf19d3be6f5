// Fund requests read and cancelled within an organization scope (src/access/funds/fund-request-table.ts;
// docs/identity.md#organization-scope) on the demo data: Erin (Aurora) has the pending subscription
// 3 into a Northbridge fund, Heidi (Meridian) the pending redemption 2. A scope reaches a request
// through its investor's organization or, seeing it only, through the fund's administrator; any
// other scope reads nothing, exactly as for a missing request, and cancels nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFundRequestTable, type FundRequestCancellation } from '../../../src/access/funds/fund-request-table.ts';
import type { OrganizationScope } from '../../../src/access/organization-scope.ts';
import { demoDatabase, organizations, scopes } from '../support/demo-scopes.ts';

const demo = await demoDatabase();
const table = createFundRequestTable(demo.db);

test.after(() => demo.close());

/** What identifies the request read, and how the scope reached it. */
async function found(scope: OrganizationScope, kind: 'subscription' | 'redemption', id: number) {
  const row = await table.find(scope, kind, id);
  return (
    row && {
      id: row.id,
      investorUserId: row.investorUserId,
      status: row.status,
      investorOrganizationId: row.investorOrganizationId,
      fundOrganizationId: row.fundOrganizationId,
      investorInScope: row.investorInScope,
    }
  );
}

const erinsSubscription = {
  id: 3,
  investorUserId: 'demo-erin',
  status: 'pending',
  investorOrganizationId: organizations.aurora,
  fundOrganizationId: organizations.northbridge,
};

test('the investor’s scope and every organization reach the request through its investor', async () => {
  assert.equal(await found(scopes.aurora, 'subscription', 3), { ...erinsSubscription, investorInScope: true });
  assert.equal(await found(scopes.every, 'subscription', 3), { ...erinsSubscription, investorInScope: true });
});

test('the fund administrator’s scope reaches the request, but not through its investor', async () => {
  assert.equal(await found(scopes.northbridge, 'subscription', 3), { ...erinsSubscription, investorInScope: false });
});

test('another organization’s scope reads nothing, as for a missing request', async () => {
  assert.is(await found(scopes.meridian, 'subscription', 3), null);
  assert.is(await found(scopes.meridian, 'subscription', 999_999), null);
  assert.is(await found(scopes.aurora, 'redemption', 2), null);
  assert.equal(await found(scopes.meridian, 'redemption', 2), {
    id: 2,
    investorUserId: 'demo-heidi',
    status: 'pending',
    investorOrganizationId: organizations.meridian,
    fundOrganizationId: organizations.northbridge,
    investorInScope: true,
  });
});

function cancellation(
  scope: OrganizationScope,
  kind: 'subscription' | 'redemption',
  id: number,
): FundRequestCancellation {
  const apiKeyId = '00000000-0000-4000-8000-000000000001';
  return { kind, id, scope, actingUserId: 'demo-alice', apiKeyId, requestId: 'scope-test', reason: null };
}

test('only a scope reaching the investor cancels: the administrator and another organization change nothing', async () => {
  assert.is(await table.cancelPending(cancellation(scopes.meridian, 'subscription', 3)), null);
  assert.is(await table.cancelPending(cancellation(scopes.northbridge, 'subscription', 3)), null);
  assert.is((await found(scopes.every, 'subscription', 3))?.status, 'pending');
  const cancelled = await table.cancelPending(cancellation(scopes.aurora, 'subscription', 3));
  assert.equal([cancelled?.id, cancelled?.status], [3, 'cancelled']);
  const byAdmin = await table.cancelPending(cancellation(scopes.every, 'redemption', 2));
  assert.equal([byAdmin?.id, byAdmin?.status], [2, 'cancelled']);
});

test.run();
