// The condition that confines the rows of a wallet's records (holdings, addresses, whitelist
// entries, transfers, approvals, AML reports) to the wallets an organization scope reaches
// (docs/identity.md#organization-scope): each statement reading such a record applies it, so a
// record of another organization's wallet is never read, and answers as a missing one.
import { sql, type SqlBool } from 'kysely';
import type { SqlCondition } from '../condition-to-sql.ts';
import { type OrganizationScope, organizationInScope } from '../organization-scope.ts';

/** The rows whose `walletIdColumn` (a qualified `alias.wallet_id`) names a wallet the scope reaches. */
export function walletInScope(scope: OrganizationScope, walletIdColumn: string): SqlCondition {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM digital_wallet scoped_wallet
    WHERE scoped_wallet.id = ${sql.ref(walletIdColumn)}
    AND ${organizationInScope(scope, 'scoped_wallet.organization_id')})`;
}
