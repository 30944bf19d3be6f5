// Funds run by the fund administrator, with subscriptions and redemptions of the two investor
// users in every request status (docs/domain.md#funds).
import type { Insertable } from 'kysely';
import type { FundRedemptionTable, FundSubscriptionTable, FundTable } from '../../../generated/database/database.ts';
import { demoTime } from './demo-clock.ts';
import { demoOrganizationIds } from './demo-organizations.ts';

export const demoFundIds = { digitalAssetFundI: 1, stablecoinYield: 2, bitcoinOpportunities2021: 3 } as const;

const f = demoFundIds;
const { northbridge } = demoOrganizationIds;

export const demoFunds: Insertable<FundTable>[] = [
  {
    id: f.digitalAssetFundI,
    organization_id: northbridge,
    name: 'Northbridge Digital Asset Fund I',
    currency: 'USD',
    nav_per_unit: '1243.56120000',
    status: 'open',
    created_at: demoTime(-700),
  },
  {
    id: f.stablecoinYield,
    organization_id: northbridge,
    name: 'Northbridge Stablecoin Yield Fund',
    currency: 'USD',
    nav_per_unit: '1018.20450000',
    status: 'open',
    created_at: demoTime(-365),
  },
  {
    id: f.bitcoinOpportunities2021,
    organization_id: northbridge,
    name: 'Northbridge Bitcoin Opportunities Fund 2021',
    currency: 'USD',
    nav_per_unit: '1587.00310000',
    status: 'liquidating',
    created_at: demoTime(-1500),
  },
];

type RequestStatus = 'pending' | 'approved' | 'processed' | 'rejected' | 'cancelled';

function subscription(
  id: number,
  fundId: number,
  investor: string,
  amount: string,
  status: RequestStatus,
  createdDaysAgo: number,
  updatedDaysAgo: number,
): Insertable<FundSubscriptionTable> {
  return {
    id,
    fund_id: fundId,
    user_id: investor,
    subscription_amount: amount,
    status,
    created_at: demoTime(-createdDaysAgo, 10),
    updated_at: demoTime(-updatedDaysAgo, 16),
  };
}

function redemption(
  id: number,
  fundId: number,
  investor: string,
  amount: string,
  status: RequestStatus,
  createdDaysAgo: number,
  updatedDaysAgo: number,
): Insertable<FundRedemptionTable> {
  return {
    id,
    fund_id: fundId,
    user_id: investor,
    redemption_amount: amount,
    status,
    created_at: demoTime(-createdDaysAgo, 10),
    updated_at: demoTime(-updatedDaysAgo, 16),
  };
}

export const demoFundSubscriptions: Insertable<FundSubscriptionTable>[] = [
  subscription(1, f.digitalAssetFundI, 'demo-erin', '250000.00', 'processed', 300, 290),
  subscription(2, f.digitalAssetFundI, 'demo-heidi', '100000.00', 'approved', 12, 9),
  subscription(3, f.stablecoinYield, 'demo-erin', '50000.00', 'pending', 3, 3),
  subscription(4, f.stablecoinYield, 'demo-heidi', '75000.00', 'rejected', 60, 55),
  subscription(5, f.digitalAssetFundI, 'demo-erin', '20000.00', 'cancelled', 45, 44),
  subscription(6, f.stablecoinYield, 'demo-heidi', '150000.00', 'processed', 200, 195),
  subscription(7, f.bitcoinOpportunities2021, 'demo-erin', '400000.00', 'processed', 1400, 1395),
];

export const demoFundRedemptions: Insertable<FundRedemptionTable>[] = [
  redemption(1, f.digitalAssetFundI, 'demo-erin', '30000.00', 'processed', 90, 85),
  redemption(2, f.stablecoinYield, 'demo-heidi', '25000.00', 'pending', 2, 2),
  redemption(3, f.digitalAssetFundI, 'demo-heidi', '10000.00', 'approved', 8, 6),
  redemption(4, f.stablecoinYield, 'demo-heidi', '5000.00', 'rejected', 40, 38),
  redemption(5, f.digitalAssetFundI, 'demo-erin', '15000.00', 'cancelled', 20, 19),
  redemption(6, f.bitcoinOpportunities2021, 'demo-erin', '600000.00', 'processed', 30, 25),
];
