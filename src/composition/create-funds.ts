// The funds area (docs/funds.md): cancelling and processing fund subscriptions and redemptions
// through the business API, recorded for the acting user, who is looked up in identity's user
// directory.
import { createFundDealingTable } from '../records/funds/fund-dealing-table.ts';
import { createFundRequestTable } from '../records/funds/fund-request-table.ts';
import type { Db } from '../db/create-database.ts';
import { createFundDealingService } from '../domain/funds/fund-dealing-service.ts';
import { createFundRequestService } from '../domain/funds/fund-request-service.ts';
import type { ActingUserDirectory } from '../domain/identity/acting-user.ts';
import type { FundServices } from '../graphql/resolvers/fund-resolvers.ts';

export function createFunds(deps: { db: Db; users: ActingUserDirectory }): FundServices {
  const table = createFundRequestTable(deps.db);
  return {
    requests: createFundRequestService({ table, users: deps.users }),
    dealings: createFundDealingService({
      requests: table,
      dealings: createFundDealingTable(deps.db),
      users: deps.users,
    }),
    users: deps.users,
  };
}
