// The funds' NAV history and the register of the demo investors' capital (docs/demo-data.md,
// docs/funds.md#capital-statements): every processed subscription and redemption dealt at the
// NAV of the day it was processed, and quarterly or yearly fees. The latest NAV of each fund is
// its `fund.nav_per_unit`; the units of a dealing are derived here (amount / NAV, rounded down
// to 8 places), never written by hand.
import type { Insertable } from 'kysely';
import type { FundCapitalMovementTable, FundNavTable } from '../../../generated/database/database.ts';
import { divideDown } from './demo-decimal.ts';
import { demoFundIds, demoFundRedemptions, demoFundSubscriptions, demoFunds } from './demo-funds.ts';

const f = demoFundIds;

/** NAV per unit by date: quarter and year ends, and every dealing day. */
const navHistory: Record<number, Record<string, string>> = {
  [f.digitalAssetFundI]: {
    '2024-12-31': '962.40000000',
    '2025-03-17': '1000.00000000',
    '2025-03-31': '1012.34500000',
    '2025-06-30': '1087.91000000',
    '2025-09-30': '1198.44700000',
    '2025-10-08': '1200.00000000',
    '2025-12-31': '1243.56120000',
  },
  [f.stablecoinYield]: {
    '2025-03-31': '1001.87000000',
    '2025-06-20': '1006.25000000',
    '2025-06-30': '1007.01000000',
    '2025-09-30': '1012.66000000',
    '2025-12-31': '1018.20450000',
  },
  [f.bitcoinOpportunities2021]: {
    '2022-03-08': '1000.00000000',
    '2022-12-31': '742.18000000',
    '2023-12-31': '1105.42000000',
    '2024-12-31': '1498.77000000',
    '2025-03-31': '1421.30000000',
    '2025-06-30': '1532.64000000',
    '2025-09-30': '1611.08000000',
    '2025-12-07': '1600.00000000',
    '2025-12-31': '1587.00310000',
  },
};

export const demoFundNavs: Insertable<FundNavTable>[] = Object.entries(navHistory).flatMap(([fundId, navs]) =>
  Object.entries(navs).map(([date, navPerUnit]) => ({
    fund_id: Number(fundId),
    nav_date: date,
    nav_per_unit: navPerUnit,
    created_at: `${date}T18:00:00.000Z`,
  })),
);

function navOn(fundId: number, date: string): string {
  const nav = navHistory[fundId]?.[date];
  if (!nav) throw new Error(`demo fund ${fundId} has no NAV on ${date}`);
  return nav;
}

/** A request is dealt on the day it was processed (its last update). */
const dealingDate = (request: { updated_at?: Date | string }) =>
  new Date(request.updated_at!).toISOString().slice(0, 10);

function dealt(
  kind: 'subscription' | 'redemption',
  requestId: number,
): Omit<Insertable<FundCapitalMovementTable>, 'id'> {
  const requests = kind === 'subscription' ? demoFundSubscriptions : demoFundRedemptions;
  const request = requests.find((each) => each.id === requestId);
  if (request?.status !== 'processed') throw new Error(`demo ${kind} ${requestId} is not processed`);
  const amount = 'subscription_amount' in request ? request.subscription_amount : request.redemption_amount;
  const date = dealingDate(request);
  return {
    fund_id: request.fund_id,
    user_id: request.user_id,
    kind,
    effective_date: date,
    units: divideDown(amount, navOn(request.fund_id, date), 8),
    amount,
    subscription_id: kind === 'subscription' ? requestId : null,
    redemption_id: kind === 'redemption' ? requestId : null,
    description: null,
    created_at: `${date}T18:30:00.000Z`,
  };
}

function fee(
  fundId: number,
  investor: string,
  date: string,
  amount: string,
  description: string,
): Omit<Insertable<FundCapitalMovementTable>, 'id'> {
  navOn(fundId, date);
  return {
    fund_id: fundId,
    user_id: investor,
    kind: 'fee',
    effective_date: date,
    units: null,
    amount,
    subscription_id: null,
    redemption_id: null,
    description,
    created_at: `${date}T19:00:00.000Z`,
  };
}

export const demoFundCapitalMovements: Insertable<FundCapitalMovementTable>[] = [
  dealt('subscription', 7),
  fee(f.bitcoinOpportunities2021, 'demo-erin', '2022-12-31', '3600.00', 'Management fee 2022'),
  fee(f.bitcoinOpportunities2021, 'demo-erin', '2023-12-31', '3950.00', 'Management fee 2023'),
  fee(f.bitcoinOpportunities2021, 'demo-erin', '2024-12-31', '5480.00', 'Management fee 2024'),
  dealt('subscription', 1),
  fee(f.digitalAssetFundI, 'demo-erin', '2025-03-31', '73.15', 'Management fee Q1 2025'),
  dealt('subscription', 6),
  fee(f.digitalAssetFundI, 'demo-erin', '2025-06-30', '895.43', 'Management fee Q2 2025'),
  fee(f.stablecoinYield, 'demo-heidi', '2025-06-30', '20.55', 'Management fee Q2 2025'),
  fee(f.digitalAssetFundI, 'demo-erin', '2025-09-30', '1012.87', 'Management fee Q3 2025'),
  fee(f.stablecoinYield, 'demo-heidi', '2025-09-30', '189.40', 'Management fee Q3 2025'),
  dealt('redemption', 1),
  dealt('redemption', 6),
  fee(f.digitalAssetFundI, 'demo-erin', '2025-12-31', '1048.64', 'Management fee Q4 2025'),
  fee(f.stablecoinYield, 'demo-heidi', '2025-12-31', '190.85', 'Management fee Q4 2025'),
  fee(f.bitcoinOpportunities2021, 'demo-erin', '2025-12-31', '4970.25', 'Management fee 2025'),
].map((movement, index) => ({ id: index + 1, ...movement }));

/** The latest NAV of each fund is the one `fund.nav_per_unit` shows (checked by test/db/demo-seed.test.ts). */
export function latestDemoNav(fundId: number): string {
  const navs = navHistory[fundId] ?? {};
  const latest = Object.keys(navs).sort().at(-1);
  if (!latest) throw new Error(`demo fund ${fundId} has no NAV`);
  return navs[latest]!;
}

// Fail at import, not at insert, if the history and the funds disagree.
for (const fund of demoFunds) {
  if (latestDemoNav(fund.id!) !== fund.nav_per_unit)
    throw new Error(`demo fund ${fund.id}: latest NAV ${latestDemoNav(fund.id!)} is not nav_per_unit`);
}
