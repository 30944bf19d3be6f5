// The funds area (docs/funds.md): cancelling fund subscriptions and redemptions through the
// business API, recorded for the acting user, who is looked up in identity's user directory.
import { createFundRequestTable } from '../records/funds/fund-request-table.ts';
import type { Db } from '../db/create-database.ts';
import { createFundRequestService } from '../domain/funds/fund-request-service.ts';
import type { ActingUserDirectory } from '../domain/identity/acting-user.ts';
import type { FundServices } from '../graphql/resolvers/fund-resolvers.ts';

export function createFunds(deps: { db: Db; users: ActingUserDirectory }): FundServices {
  return {
    requests: createFundRequestService({ table: createFundRequestTable(deps.db), users: deps.users }),
    users: deps.users,
  };
}
