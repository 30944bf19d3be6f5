// schema.graphql `Mutation.unfreezeDigitalWallet` (docs/custody.md#aml-freeze): the explicit,
// audited lifting of the block a DENIED AML screening (or an operator) put on a wallet. The acting
// person must hold a role permissions.yaml business_operations lists for it in the wallet's
// organization (compliance, or a platform administrator: never the organization's own wallet
// administrators) and give a reason; the wallet becomes ACTIVE, its open freeze is closed with who
// and why, and audit_log records the person, the API key and the request, all in one transaction
// (src/records/wallets/wallet-freeze-table.ts). The denied report stays on record.
import type { ResultCache } from '../../cache/result-cache.ts';
import type { WalletFreezeTable } from '../../records/wallets/wallet-freeze-table.ts';
import type { WalletWriteTable } from '../../records/wallets/wallet-write-table.ts';
import type { ActingUserDirectory } from '../identity/acting-user.ts';
import { assertMayPerform } from '../identity/operation-roles.ts';
import { failed, type Outcome, succeeded } from '../outcomes/outcome.ts';
import { userError } from '../outcomes/user-error.ts';
import { undisplayableText } from '../text/display-text.ts';
import { unstorableText } from '../text/storable-text.ts';
import { type WalletCaller, walletCallerOf, type WalletRequester } from './wallet-caller.ts';
import { walletTag } from './wallet-cache-tags.ts';
import { walletInReach, walletNotFound } from './wallet-in-reach.ts';
import { type Check, checkWalletId, runChecks } from './wallet-input-checks.ts';
import type { WalletSummaryService, WalletSummaryView } from './wallet-summary-service.ts';

/** schema.graphql `UnfreezeDigitalWalletInput`. */
export interface UnfreezeWalletInput {
  walletId: number;
  reason: string;
}

/** `digital_wallet_freeze.unfreeze_reason`'s CHECK (migration 0013). */
export const unfreezeReasonMaxLength = 500;

export interface WalletUnfreezeDeps {
  table: WalletWriteTable;
  freezes: WalletFreezeTable;
  summaries: WalletSummaryService;
  users: ActingUserDirectory;
  results: ResultCache;
}

type Unfrozen = Outcome<{ wallet: WalletSummaryView }>;

/** A note of 1 to 500 characters, not blank, fit to display; line breaks allowed. */
function checkReason(reason: string): Check {
  return (errors) => {
    const problem = unstorableText(reason) ?? undisplayableText(reason, { multiline: true });
    if (problem) errors.push(userError('VALIDATION_FAILED', `reason ${problem}`, 'reason'));
    else if (reason.trim() === '' || [...reason].length > unfreezeReasonMaxLength)
      errors.push(
        userError(
          'VALIDATION_FAILED',
          `reason must be 1 to ${unfreezeReasonMaxLength} characters, not blank`,
          'reason',
        ),
      );
  };
}

export function createWalletUnfreezeService(deps: WalletUnfreezeDeps) {
  /** The wallet's cached results dropped, and the wallet as digitalWalletSummaryById answers it now. */
  async function summaryOf(walletId: number, caller: WalletCaller): Promise<Unfrozen> {
    await deps.results.invalidate([walletTag(walletId)]);
    const wallet = await deps.summaries.summary(walletId, caller.scope, { refresh: true });
    if (!wallet) throw new Error(`wallet ${walletId} was unfrozen but cannot be read back`);
    return succeeded({ wallet });
  }

  return {
    async unfreeze(requester: WalletRequester, input: UnfreezeWalletInput): Promise<Unfrozen> {
      const caller = await walletCallerOf(requester, deps.users);
      const errors = runChecks([checkWalletId(input.walletId), checkReason(input.reason)]);
      if (errors.length > 0) return failed(errors);
      const wallet = await walletInReach(deps.table, caller.scope, input.walletId);
      if ('code' in wallet) return failed([wallet]);
      await assertMayPerform(deps.users, {
        operation: 'unfreezeDigitalWallet',
        actingUserId: caller.actingUserId,
        organizationId: wallet.organizationId,
      });
      const unfrozen = await deps.freezes.unfreeze({
        scope: caller.scope,
        walletId: wallet.id,
        actor: { userId: caller.actingUserId, apiKeyId: requester.key.keyId, requestId: requester.log.requestId },
        reason: input.reason,
      });
      if (unfrozen.outcome === 'notFound') return failed([walletNotFound(wallet.id)]);
      if (unfrozen.outcome === 'notFrozen')
        return failed([
          userError(
            'INVALID_STATE',
            `wallet ${wallet.id} is ${unfrozen.status.toUpperCase()}: only a FROZEN wallet can be unfrozen`,
            'walletId',
          ),
        ]);
      return summaryOf(wallet.id, caller);
    },
  };
}

export type WalletUnfreezeService = ReturnType<typeof createWalletUnfreezeService>;
