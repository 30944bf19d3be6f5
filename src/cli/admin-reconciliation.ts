// The custodian `npm run admin -- reconcile` reads (docs/ledger.md#reconciliation): the one at
// CUSTODY_URL, through the HTTP client the service uses. Without CUSTODY_URL the service's
// custodian is its in-process simulator, whose books live in the service's memory and cannot be
// read from another process: the command refuses before opening any database, and the service's
// own job (RECONCILE_INTERVAL_SECONDS) reconciles with that simulator.
import type { Logger } from 'pino';
import type { OrganizationScope } from '../access/organization-scope.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import { createCustodyReconciliation } from '../domain/wallets/custody-reconciliation.ts';
import type { ReconciliationReport } from '../domain/wallets/reconciliation-report.ts';
import { createCustodyProvider } from '../providers/custody/create-custody-provider.ts';
import { createCustodyReconciliationTable } from '../records/wallets/custody-reconciliation-table.ts';
import { CommandError } from './admin-commands.ts';
import type { AdminCommand } from './parse-admin-command.ts';

/** Refuses `reconcile` without a custodian it can reach, before a database is opened. */
export function assertCustodianReachable(command: AdminCommand, config: Config): void {
  if (command.name !== 'reconcile' || config.providers.custodyUrl) return;
  throw new CommandError(
    'reconcile reads the custodian at CUSTODY_URL, which is not set: the in-process custody simulator lives inside the running service, whose reconciliation job (RECONCILE_INTERVAL_SECONDS) compares with it',
  );
}

/** The reconciliation over `db` and the custodian at CUSTODY_URL, made when the command runs. */
export function reconcileWith(
  config: Config,
  db: Db,
  logger: Logger,
): (scope: OrganizationScope) => Promise<ReconciliationReport> {
  return (scope) => {
    const custody = createCustodyProvider({
      url: config.providers.custodyUrl,
      accessToken: config.providers.custodyAccessToken,
      logger,
    });
    return createCustodyReconciliation({ table: createCustodyReconciliationTable(db), custody }).reconcile(scope);
  };
}
