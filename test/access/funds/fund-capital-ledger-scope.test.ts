// A capital statement's ledger read within an organization scope (src/access/funds/fund-capital-ledger.ts;
// docs/identity.md#organization-scope) on the demo data: Erin (Aurora) holds units of Fund I. Only a
// scope reaching the investor's home organization reads her ledger; the fund's administrator and
// another organization read nothing, as for a fund she never invested in.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { selectFundCapitalLedger } from '../../../src/access/funds/fund-capital-ledger.ts';
import type { OrganizationScope } from '../../../src/access/organization-scope.ts';
import { demoDatabase, scopes } from '../support/demo-scopes.ts';

const demo = await demoDatabase();

test.after(() => demo.close());

const erinsFourthQuarter = {
  fundId: 1,
  investorUserId: 'demo-erin',
  periodStart: '2025-10-01',
  periodEnd: '2025-12-31',
};

const ledgerOf = (scope: OrganizationScope) => selectFundCapitalLedger(demo.db, scope, erinsFourthQuarter);

test('the investor’s scope reads her ledger, and every organization reads the same', async () => {
  const ledger = await ledgerOf(scopes.aurora);
  assert.equal([ledger?.fund.id, ledger?.investor.userId, ledger?.closingNav?.date], [1, 'demo-erin', '2025-12-31']);
  assert.equal(await ledgerOf(scopes.every), ledger);
});

test('the fund’s administrator and another organization read nothing', async () => {
  assert.is(await ledgerOf(scopes.northbridge), null);
  assert.is(await ledgerOf(scopes.meridian), null);
});

test.run();
