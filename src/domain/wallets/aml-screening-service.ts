// schema.graphql `Mutation.runDigitalWalletAmlReport` (docs/custody.md#wallet-operations): screens
// a wallet with the AML provider (docs/providers.md#aml-screening), by the custodian's id for it,
// and stores the report (aml_report) with the acting user as `requested_by`. While a screening of
// the wallet is running, that report is answered instead of starting another: it is read again
// at the provider first, and one that has completed meanwhile is stored completed, after which a
// new screening starts. Migration 0007 allows one running report per wallet, so of two
// concurrent requests one stores its report and the other answers it.
import type { Logger } from 'pino';
import type { ResultCache } from '../../cache/result-cache.ts';
import type { AmlReportResult, AmlReportRow, AmlReportTable } from '../../access/wallets/aml-report-table.ts';
import { isUniqueViolation, type WalletWriteTable } from '../../access/wallets/wallet-write-table.ts';
import type { AmlProvider, AmlScreening } from '../../providers/aml/aml-provider.ts';
import type { ActingUserDirectory } from '../identity/acting-user.ts';
import type { RequestLog } from './provider-failure-messages.ts';
import { amlRefusal } from './provider-refusals.ts';
import { assertMayPerform } from '../identity/operation-roles.ts';
import { failed, type Outcome, succeeded } from '../outcomes/outcome.ts';
import { userError, type UserError } from '../outcomes/user-error.ts';
import { type WalletCaller, walletCallerOf, type WalletRequester } from './wallet-caller.ts';
import { walletTag } from './wallet-cache-tags.ts';
import { walletInReach } from './wallet-in-reach.ts';
import { checkWalletId, runChecks } from './wallet-input-checks.ts';
import { amlReportView, type AmlReportView } from './wallet-record-views.ts';

/** schema.graphql `RunDigitalWalletAmlReportInput`. */
export interface RunAmlReportInput {
  walletId: number;
}

export interface AmlScreeningDeps {
  table: WalletWriteTable;
  reports: AmlReportTable;
  aml: AmlProvider;
  users: ActingUserDirectory;
  results: ResultCache;
  logger: Logger;
}

type Reported = Outcome<{ report: AmlReportView }>;

function resultOf(screening: AmlScreening): AmlReportResult {
  return {
    status: screening.status,
    riskLevel: screening.riskLevel,
    riskScore: screening.riskScore,
    exposures: screening.exposures,
    completedAt: screening.completedAt,
  };
}

export function createAmlScreeningService(deps: AmlScreeningDeps) {
  const answer = async (report: AmlReportRow): Promise<Reported> => {
    await deps.results.invalidate([walletTag(report.walletId)]);
    return succeeded({ report: amlReportView(report) });
  };

  /** The running report as the provider sees it now: still running, completed, or the errors reading it. */
  const follow = async (
    running: AmlReportRow,
    request: RequestLog,
  ): Promise<AmlReportRow | 'completed' | UserError[]> => {
    if (running.providerScreeningId === null) return running;
    let screening: AmlScreening | null;
    try {
      screening = await deps.aml.getScreening(running.providerScreeningId);
    } catch (error) {
      return amlRefusal(error, 'getScreening', request);
    }
    if (screening === null || screening.status === 'pending') return running;
    await deps.reports.complete(running.id, resultOf(screening));
    await deps.results.invalidate([walletTag(running.walletId)]);
    return 'completed';
  };

  /** A new screening, stored; a concurrent request's running report when it stored one first. */
  const start = async (
    wallet: { id: number; coin: string; custodianWalletId: string },
    caller: WalletCaller,
    request: RequestLog,
  ): Promise<Reported> => {
    let screening: AmlScreening;
    try {
      screening = await deps.aml.screenWallet({
        coin: wallet.coin,
        subject: { type: 'custodianWallet', id: wallet.custodianWalletId },
      });
    } catch (error) {
      return failed(amlRefusal(error, 'screenWallet', request));
    }
    try {
      return await answer(
        await deps.reports.insert({
          walletId: wallet.id,
          provider: deps.aml.kind,
          providerScreeningId: screening.id,
          requestedBy: caller.actingUserId,
          ...resultOf(screening),
        }),
      );
    } catch (error) {
      const concurrent = isUniqueViolation(error) ? await deps.reports.findRunning(caller.scope, wallet.id) : null;
      if (!concurrent) throw error;
      deps.logger.info(
        { walletId: wallet.id, screeningId: screening.id, runningReportId: concurrent.id },
        'AML screening started beside a running one: the running report is answered',
      );
      return answer(concurrent);
    }
  };

  return {
    async run(requester: WalletRequester, input: RunAmlReportInput): Promise<Reported> {
      const caller = await walletCallerOf(requester, deps.users);
      const errors = runChecks([checkWalletId(input.walletId)]);
      if (errors.length > 0) return failed(errors);
      const wallet = await walletInReach(deps.table, caller.scope, input.walletId);
      if ('code' in wallet) return failed([wallet]);
      await assertMayPerform(deps.users, {
        operation: 'runDigitalWalletAmlReport',
        actingUserId: caller.actingUserId,
        organizationId: wallet.organizationId,
      });
      const custodianWalletId = wallet.custodianWalletId;
      if (custodianWalletId === null)
        return failed([
          userError('INVALID_STATE', `wallet ${wallet.id} is not held at the custodian: nothing to screen`, 'walletId'),
        ]);
      const running = await deps.reports.findRunning(caller.scope, wallet.id);
      if (running) {
        const now = await follow(running, requester.log);
        if (Array.isArray(now)) return failed(now);
        if (now !== 'completed') return succeeded({ report: amlReportView(now) });
      }
      return start({ id: wallet.id, coin: wallet.coin, custodianWalletId }, caller, requester.log);
    },
  };
}

export type AmlScreeningService = ReturnType<typeof createAmlScreeningService>;
