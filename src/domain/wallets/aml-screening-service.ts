// schema.graphql `Mutation.runDigitalWalletAmlReport` (docs/custody.md#wallet-operations): screens
// a wallet with the AML provider (docs/providers.md#aml-screening), by the custodian's id for it,
// and stores the report (aml_report) with the acting user as `requested_by`. While a screening of
// the wallet is running, that report is answered instead of starting another: it is read again
// at the provider first, and one that has completed meanwhile is stored completed, after which a
// new screening starts. Migration 0007 allows one running report per wallet, so of two
// concurrent requests one stores its report and the other answers it. A report stored DENIED, on
// either path, freezes the wallet in the same transaction (docs/custody.md#aml-freeze), in the name
// of the person who asked for the screening (aml-freeze-actor.ts).
import type { Logger } from 'pino';
import type { ResultCache } from '../../cache/result-cache.ts';
import type { AmlReportResult, AmlReportRow, AmlReportTable } from '../../records/wallets/aml-report-table.ts';
import { isUniqueViolation, type WalletWriteTable } from '../../records/wallets/wallet-write-table.ts';
import type { AmlProvider, AmlScreening } from '../../providers/aml/aml-provider.ts';
import type { ActingUserDirectory } from '../identity/acting-user.ts';
import type { RequestLog } from './provider-failure-messages.ts';
import { amlFreezeActor } from './aml-freeze-actor.ts';
import { amlRefusal } from './aml-refusals.ts';
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

/** A wallet the AML provider can screen: in the caller's reach and held at the custodian. */
interface ScreenableWallet {
  id: number;
  coin: string;
  custodianWalletId: string;
}

export function createAmlScreeningService(deps: AmlScreeningDeps): AmlScreeningService {
  return new AmlScreeningService(deps);
}

export class AmlScreeningService {
  readonly #deps: AmlScreeningDeps;

  constructor(deps: AmlScreeningDeps) {
    this.#deps = deps;
  }

  async run(requester: WalletRequester, input: RunAmlReportInput): Promise<Reported> {
    const caller = await walletCallerOf(requester, this.#deps.users);
    const errors = runChecks([checkWalletId(input.walletId)]);
    if (errors.length > 0) return failed(errors);
    const wallet = await this.#screenableWallet(caller, input.walletId);
    if ('code' in wallet) return failed([wallet]);
    const running = await this.#deps.reports.findRunning(caller.scope, wallet.id);
    if (running) {
      const now = await this.#follow(running, requester.log);
      if (Array.isArray(now)) return failed(now);
      if (now !== 'completed') return succeeded({ report: amlReportView(now) });
    }
    return this.#start(wallet, caller, requester.log);
  }

  /** The wallet, if the acting user may screen it and the custodian holds it. */
  async #screenableWallet(caller: WalletCaller, walletId: number): Promise<ScreenableWallet | UserError> {
    const wallet = await walletInReach(this.#deps.table, caller.scope, walletId);
    if ('code' in wallet) return wallet;
    await assertMayPerform(this.#deps.users, {
      operation: 'runDigitalWalletAmlReport',
      actingUserId: caller.actingUserId,
      organizationId: wallet.organizationId,
    });
    const custodianWalletId = wallet.custodianWalletId;
    if (custodianWalletId === null)
      return userError(
        'INVALID_STATE',
        `wallet ${wallet.id} is not held at the custodian: nothing to screen`,
        'walletId',
      );
    return { id: wallet.id, coin: wallet.coin, custodianWalletId };
  }

  async #answer(report: AmlReportRow): Promise<Reported> {
    await this.#deps.results.invalidate([walletTag(report.walletId)]);
    return succeeded({ report: amlReportView(report) });
  }

  /** The running report as the provider sees it now: still running, completed, or the errors reading it. */
  async #follow(running: AmlReportRow, request: RequestLog): Promise<AmlReportRow | 'completed' | UserError[]> {
    if (running.providerScreeningId === null) return running;
    let screening: AmlScreening | null;
    try {
      screening = await this.#deps.aml.getScreening(running.providerScreeningId);
    } catch (error) {
      return amlRefusal(error, 'getScreening', request);
    }
    if (screening === null || screening.status === 'pending') return running;
    await this.#deps.reports.complete(
      running,
      resultOf(screening),
      amlFreezeActor(running.requestedBy, request.requestId),
    );
    await this.#deps.results.invalidate([walletTag(running.walletId)]);
    return 'completed';
  }

  /** A new screening, stored; a concurrent request's running report when it stored one first. */
  async #start(wallet: ScreenableWallet, caller: WalletCaller, request: RequestLog): Promise<Reported> {
    let screening: AmlScreening;
    try {
      screening = await this.#deps.aml.screenWallet({
        coin: wallet.coin,
        subject: { type: 'custodianWallet', id: wallet.custodianWalletId },
      });
    } catch (error) {
      return failed(amlRefusal(error, 'screenWallet', request));
    }
    try {
      return await this.#answer(
        await this.#deps.reports.insert(
          {
            walletId: wallet.id,
            provider: this.#deps.aml.kind,
            providerScreeningId: screening.id,
            requestedBy: caller.actingUserId,
            ...resultOf(screening),
          },
          amlFreezeActor(caller.actingUserId, request.requestId),
        ),
      );
    } catch (error) {
      return this.#answerConcurrent(error, wallet, caller, screening);
    }
  }

  /** Answers the running report a concurrent request stored first (migration 0007 allows one); else throws on. */
  async #answerConcurrent(
    error: unknown,
    wallet: ScreenableWallet,
    caller: WalletCaller,
    screening: AmlScreening,
  ): Promise<Reported> {
    const concurrent = isUniqueViolation(error) ? await this.#deps.reports.findRunning(caller.scope, wallet.id) : null;
    if (!concurrent) throw error;
    this.#deps.logger.info(
      { walletId: wallet.id, screeningId: screening.id, runningReportId: concurrent.id },
      'AML screening started beside a running one: the running report is answered',
    );
    return this.#answer(concurrent);
  }
}
