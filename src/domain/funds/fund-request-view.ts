// A fund request as the business API answers it (schema.graphql `FundSubscription`,
// `FundRedemption`): the stored row with its fund, the status in the schema's upper case.
import type { FundRequestRow } from '../../records/funds/fund-request-table.ts';

/** schema.graphql `FundRequestStatus`. */
export type FundRequestStatus = 'PENDING' | 'APPROVED' | 'PROCESSED' | 'REJECTED' | 'CANCELLED';

const statuses: Record<string, FundRequestStatus> = {
  pending: 'PENDING',
  approved: 'APPROVED',
  processed: 'PROCESSED',
  rejected: 'REJECTED',
  cancelled: 'CANCELLED',
};

export interface FundRequestView {
  id: number;
  fund: { id: number; name: string; currency: string };
  investorUserId: string;
  amount: string;
  currency: string;
  status: FundRequestStatus;
  processedByUserId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The status in the schema's form; a value the table's CHECK does not allow is a bug, not input. */
export function fundRequestStatus(stored: string): FundRequestStatus {
  const status = statuses[stored];
  if (!status) throw new Error(`fund request status '${stored}' is not one of migration 0001's`);
  return status;
}

export function fundRequestView(row: FundRequestRow): FundRequestView {
  return {
    id: row.id,
    fund: { id: row.fundId, name: row.fundName, currency: row.currency },
    investorUserId: row.investorUserId,
    amount: row.amount,
    currency: row.currency,
    status: fundRequestStatus(row.status),
    processedByUserId: row.processedByUserId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
