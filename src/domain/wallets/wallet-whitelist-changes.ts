// schema.graphql `addDigitalWalletWhitelistEntry` and `removeDigitalWalletWhitelistEntry`
// (docs/custody.md#wallet-operations). The custodian changes the whitelist first, as the acting
// user (the creator of any approval the change then needs); the platform records what it did in
// one transaction: an applied addition is an APPROVED entry, an applied removal deletes it, and
// a change the wallet's policy holds back is a PENDING entry (addition) and the custodian's
// pending approval, linked to the entry. A custodian that refuses leaves nothing written.
//
// A recording that fails after the custodian changed the whitelist is logged as an error. An
// addition repeated after that is recorded after all: the custodian answers that it lists the
// address already, which is the state the first request left (logged as a reconciliation).
import type { Logger } from 'pino';
import type { ResultCache } from '../../cache/result-cache.ts';
import type { WalletWriteTable } from '../../access/wallets/wallet-write-table.ts';
import type {
  NewPendingApproval,
  WhitelistApprovalKind,
  WhitelistEntryRow,
  WhitelistWriteTable,
} from '../../access/wallets/whitelist-write-table.ts';
import { CustodyProviderError } from '../../providers/custody/custody-provider-error.ts';
import type {
  CustodyPendingApproval,
  CustodyProvider,
  WhitelistChangeResult,
} from '../../providers/custody/custody-provider.ts';
import type { ActingUserDirectory } from '../identity/acting-user.ts';
import { assertMayPerform } from '../identity/operation-roles.ts';
import { failed, type Outcome, succeeded } from '../outcomes/outcome.ts';
import { userError, type UserError } from '../outcomes/user-error.ts';
import { addressFormProblem } from './address-forms.ts';
import { custodianCoinOf } from './custodian-coin.ts';
import type { RequestLog } from './provider-failure-messages.ts';
import { custodyRefusal, type CustodyOperation } from './provider-refusals.ts';
import { type WalletCaller, walletCallerOf, type WalletRequester } from './wallet-caller.ts';
import { walletTag } from './wallet-cache-tags.ts';
import { changeableWallet, type HeldWallet } from './wallet-in-reach.ts';
import { addressLabelMaxLength, checkAddressText, checkText, checkWalletId, runChecks } from './wallet-input-checks.ts';
import {
  pendingApprovalView,
  whitelistEntryView,
  type PendingApprovalView,
  type WhitelistEntryView,
} from './wallet-record-views.ts';

/** schema.graphql `AddDigitalWalletWhitelistEntryInput`. */
export interface AddWhitelistEntryInput {
  walletId: number;
  address: string;
  label?: string | null;
}

/** schema.graphql `RemoveDigitalWalletWhitelistEntryInput`. */
export interface RemoveWhitelistEntryInput {
  walletId: number;
  address: string;
}

/** An addition the custodian refused because it lists the address already: the state a first request left. */
interface AlreadyListed {
  outcome: 'alreadyListed';
}

export type WhitelistChanged = Outcome<{
  entry: WhitelistEntryView;
  pendingApproval: PendingApprovalView | null;
}>;

export interface WhitelistChangeDeps {
  table: WalletWriteTable;
  whitelist: WhitelistWriteTable;
  custody: CustodyProvider;
  users: ActingUserDirectory;
  results: ResultCache;
  logger: Logger;
}

function approvalRecord(
  approval: CustodyPendingApproval,
  walletId: number,
  kind: WhitelistApprovalKind,
): NewPendingApproval {
  return {
    id: approval.id,
    walletId,
    kind,
    createdBy: approval.creator,
    state: approval.state,
    approvalsRequired: approval.approvalsRequired,
    approvalsReceived: approval.approvalsReceived,
    createdAt: approval.createdAt,
    resolvedAt: approval.resolvedAt,
  };
}

export function createWhitelistChanges(deps: WhitelistChangeDeps) {
  /** The wallet and address a change names, checked; or the errors that stop it. */
  const target = async (
    operation: 'addDigitalWalletWhitelistEntry' | 'removeDigitalWalletWhitelistEntry',
    requester: WalletRequester,
    input: { walletId: number; address: string; label?: string | null },
  ): Promise<{ wallet: HeldWallet; caller: WalletCaller; request: RequestLog } | UserError[]> => {
    const caller = await walletCallerOf(requester, deps.users);
    const errors = runChecks([
      checkWalletId(input.walletId),
      checkAddressText(input.address),
      checkText('label', input.label, addressLabelMaxLength, false),
    ]);
    if (errors.length > 0) return errors;
    const wallet = await changeableWallet(deps.table, caller.scope, input.walletId);
    if ('code' in wallet) return [wallet];
    await assertMayPerform(deps.users, {
      operation,
      actingUserId: caller.actingUserId,
      organizationId: wallet.organizationId,
    });
    const form = addressFormProblem(wallet.network, input.address);
    if (form) return [userError('VALIDATION_FAILED', form, 'address')];
    return { wallet, caller, request: requester.log };
  };

  /** The custodian's change, or the errors it was refused with. */
  const atCustodian = async (
    operation: Extract<CustodyOperation, 'addWhitelistAddress' | 'removeWhitelistAddress'>,
    { wallet, caller, request: log }: { wallet: HeldWallet; caller: WalletCaller; request: RequestLog },
    address: string,
    label: string | null,
  ): Promise<WhitelistChangeResult | AlreadyListed | UserError[]> => {
    const request = {
      coin: custodianCoinOf(wallet.coin),
      walletId: wallet.custodianWalletId,
      address,
      userId: caller.actingUserId,
      ...(label === null ? {} : { label }),
    };
    try {
      return operation === 'addWhitelistAddress'
        ? await deps.custody.addWhitelistAddress(request)
        : await deps.custody.removeWhitelistAddress(request);
    } catch (error) {
      const listed = error instanceof CustodyProviderError && error.reason === 'whitelistEntryExists';
      return listed && operation === 'addWhitelistAddress'
        ? { outcome: 'alreadyListed' }
        : custodyRefusal(error, operation, log);
    }
  };

  /** Runs a write that records a change the custodian already made; a failure is logged for reconciliation. */
  const recorded = async <T>(
    what: string,
    wallet: HeldWallet,
    address: string,
    write: () => Promise<T>,
  ): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      deps.logger.error(
        { err: error, walletId: wallet.id, custodianWalletId: wallet.custodianWalletId, address },
        `whitelist ${what} made at the custodian but not recorded: reconcile by hand`,
      );
      throw error;
    }
  };

  const changed = async (
    walletId: number,
    entry: WhitelistEntryRow,
    approval: PendingApprovalView | null,
  ): Promise<WhitelistChanged> => {
    await deps.results.invalidate([walletTag(walletId)]);
    return succeeded({ entry: whitelistEntryView(entry), pendingApproval: approval });
  };

  return {
    async add(requester: WalletRequester, input: AddWhitelistEntryInput): Promise<WhitelistChanged> {
      const found = await target('addDigitalWalletWhitelistEntry', requester, input);
      if (Array.isArray(found)) return failed(found);
      const { wallet, caller } = found;
      const existing = await deps.whitelist.findEntry(caller.scope, wallet.id, input.address);
      if (existing && existing.entry.status !== 'rejected') {
        const why = existing.entry.status === 'pending' ? 'awaits approval on' : 'is already on';
        return failed([
          userError('CONFLICT', `${input.address} ${why} the whitelist of wallet ${wallet.id}`, 'address'),
        ]);
      }
      const label = input.label ?? null;
      const result = await atCustodian('addWhitelistAddress', found, input.address, label);
      if (Array.isArray(result)) return failed(result);
      if (result.outcome === 'alreadyListed')
        deps.logger.warn(
          { walletId: wallet.id, address: input.address },
          'the custodian lists a whitelist address the platform had not recorded: recorded as approved',
        );
      const pending = result.outcome === 'pendingApproval' ? result.pendingApproval : null;
      const stored = await recorded('addition', wallet, input.address, () =>
        deps.whitelist.recordAddition(
          {
            walletId: wallet.id,
            address: input.address,
            label,
            createdBy: caller.actingUserId,
            status: pending ? 'pending' : 'approved',
          },
          pending ? approvalRecord(pending, wallet.id, 'whitelistAdd') : null,
        ),
      );
      return changed(wallet.id, stored.entry, stored.approval && pendingApprovalView(stored.approval, stored.entry));
    },

    async remove(requester: WalletRequester, input: RemoveWhitelistEntryInput): Promise<WhitelistChanged> {
      const found = await target('removeDigitalWalletWhitelistEntry', requester, input);
      if (Array.isArray(found)) return failed(found);
      const { wallet, caller } = found;
      const existing = await deps.whitelist.findEntry(caller.scope, wallet.id, input.address);
      if (!existing || existing.entry.status === 'rejected')
        return failed([
          userError('NOT_FOUND', `${input.address} is not on the whitelist of wallet ${wallet.id}`, 'address'),
        ]);
      if (existing.entry.status === 'pending' || existing.removalPending) {
        const what = existing.removalPending ? 'its removal' : 'its addition';
        return failed([
          userError('INVALID_STATE', `${input.address} cannot be removed while ${what} awaits approval`, 'address'),
        ]);
      }
      const { entry } = existing;
      const result = await atCustodian('removeWhitelistAddress', found, input.address, null);
      if (Array.isArray(result)) return failed(result);
      if (result.outcome !== 'pendingApproval') {
        await recorded('removal', wallet, input.address, () => deps.whitelist.deleteEntry(entry.id));
        return changed(wallet.id, entry, null);
      }
      const approval = await recorded('removal', wallet, input.address, () =>
        deps.whitelist.recordRemovalApproval(
          approvalRecord(result.pendingApproval, wallet.id, 'whitelistRemove'),
          entry.id,
        ),
      );
      return changed(wallet.id, entry, pendingApprovalView(approval, entry));
    },
  };
}
