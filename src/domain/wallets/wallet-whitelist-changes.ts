// schema.graphql `addDigitalWalletWhitelistEntry` and `removeDigitalWalletWhitelistEntry`
// (docs/custody.md#wallet-operations). The custodian changes the whitelist first, as the acting
// user (the creator of any approval the change then needs); the platform records what it did in
// one transaction: an applied addition is an APPROVED entry, an applied removal keeps the entry as
// REMOVED by the acting user (history, off the whitelist), and a change the wallet's policy holds
// back is a PENDING entry (addition) and the custodian's pending approval, linked to the entry. A
// custodian that refuses leaves nothing written. A FROZEN wallet takes no addition
// (frozen-wallet.ts); removals only tighten it and stay allowed. An addition is made at most once
// per `idempotencyKey` (docs/idempotency.md); a removal is idempotent by nature (a repeat answers
// NOT_FOUND and changes nothing).
//
// A recording that fails after the custodian changed the whitelist is logged as an error. An
// addition repeated after that is recorded after all: the custodian answers that it lists the
// address already, which is the state the first request left (logged as a reconciliation).
import type { Logger } from 'pino';
import type { ResultCache } from '../../cache/result-cache.ts';
import type { ClaimToComplete } from '../../records/idempotency/idempotency-key-table.ts';
import type { WalletWriteTable } from '../../records/wallets/wallet-write-table.ts';
import type {
  NewPendingApproval,
  WhitelistApprovalKind,
  WhitelistEntryRow,
  WhitelistWriteTable,
} from '../../records/wallets/whitelist-write-table.ts';
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
import { walletFrozen } from './frozen-wallet.ts';
import { custodianCoinOf } from './custodian-coin.ts';
import type { RequestLog } from './provider-failure-messages.ts';
import { custodyRefusal, type CustodyOperation } from './custody-refusals.ts';
import { type WalletCaller, walletCallerOf, type WalletRequester } from './wallet-caller.ts';
import { walletTag } from './wallet-cache-tags.ts';
import { changeableWallet, type HeldWallet } from './wallet-in-reach.ts';
import {
  addressLabelMaxLength,
  checkAddressText,
  checkText,
  checkWalletId,
  idempotencyKeyMaxLength,
  runChecks,
} from './wallet-input-checks.ts';
import type { Idempotency } from '../idempotency/idempotent-request.ts';
import { requestDigest } from '../idempotency/request-digest.ts';
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
  idempotencyKey?: string | null;
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
  idempotency: Idempotency;
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

/** The wallet and address a change names, checked, with who asks. */
interface ChangeTarget {
  wallet: HeldWallet;
  caller: WalletCaller;
  request: RequestLog;
}

export function createWhitelistChanges(deps: WhitelistChangeDeps): WhitelistChanges {
  return new WhitelistChanges(deps);
}

export class WhitelistChanges {
  readonly #deps: WhitelistChangeDeps;

  constructor(deps: WhitelistChangeDeps) {
    this.#deps = deps;
  }

  /** Checked and allowed first; then made once per idempotency key (docs/idempotency.md). */
  async add(requester: WalletRequester, input: AddWhitelistEntryInput): Promise<WhitelistChanged> {
    const found = await this.#target('addDigitalWalletWhitelistEntry', requester, input);
    if (Array.isArray(found)) return failed(found);
    const label = input.label ?? null;
    return this.#deps.idempotency.run({
      organizationId: found.wallet.organizationId,
      operation: 'addDigitalWalletWhitelistEntry',
      key: input.idempotencyKey,
      digest: requestDigest([found.wallet.id, input.address, label]),
      run: (claim) => this.#addNew(found, input.address, label, claim),
      resultRefOf: (value) => String(value.entry.id),
      replay: (entryId) => this.#addedBefore(found.caller, Number(entryId)),
    });
  }

  async #addNew(
    found: ChangeTarget,
    address: string,
    label: string | null,
    claim: ClaimToComplete | null,
  ): Promise<WhitelistChanged> {
    const { wallet, caller } = found;
    if (wallet.status === 'frozen') return failed([walletFrozen(wallet.id, 'whitelistAdd', 'walletId')]);
    const existing = await this.#deps.whitelist.findEntry(caller.scope, wallet.id, address);
    if (existing && existing.entry.status !== 'rejected') {
      const why = existing.entry.status === 'pending' ? 'awaits approval on' : 'is already on';
      return failed([userError('CONFLICT', `${address} ${why} the whitelist of wallet ${wallet.id}`, 'address')]);
    }
    const result = await this.#atCustodian('addWhitelistAddress', found, address, label);
    if (Array.isArray(result)) return failed(result);
    if (result.outcome === 'alreadyListed')
      this.#deps.logger.warn(
        { walletId: wallet.id, address },
        'the custodian lists a whitelist address the platform had not recorded: recorded as approved',
      );
    return this.#recordAddition(
      found,
      address,
      label,
      result.outcome === 'pendingApproval' ? result.pendingApproval : null,
      claim,
    );
  }

  /** The entry an earlier addition with the key made, and its approval, as they are now. */
  async #addedBefore(caller: WalletCaller, entryId: number): Promise<WhitelistChanged> {
    const found = await this.#deps.whitelist.findAddition(caller.scope, entryId);
    if (!found)
      return failed([
        userError('NOT_FOUND', 'the whitelist entry made with this idempotencyKey no longer exists', 'idempotencyKey'),
      ]);
    const { entry, approval } = found;
    return succeeded({
      entry: whitelistEntryView(entry),
      pendingApproval: approval && pendingApprovalView(approval, entry),
    });
  }

  async remove(requester: WalletRequester, input: RemoveWhitelistEntryInput): Promise<WhitelistChanged> {
    const found = await this.#target('removeDigitalWalletWhitelistEntry', requester, input);
    if (Array.isArray(found)) return failed(found);
    const existing = await this.#removableEntry(found, input.address);
    if ('code' in existing) return failed([existing]);
    const result = await this.#atCustodian('removeWhitelistAddress', found, input.address, null);
    if (Array.isArray(result)) return failed(result);
    return this.#recordRemoval(found, existing, input.address, result);
  }

  /** The wallet and address a change names, checked; or the errors that stop it. */
  async #target(
    operation: 'addDigitalWalletWhitelistEntry' | 'removeDigitalWalletWhitelistEntry',
    requester: WalletRequester,
    input: { walletId: number; address: string; label?: string | null; idempotencyKey?: string | null },
  ): Promise<ChangeTarget | UserError[]> {
    const caller = await walletCallerOf(requester, this.#deps.users);
    const errors = runChecks([
      checkWalletId(input.walletId),
      checkAddressText(input.address),
      checkText('label', input.label, addressLabelMaxLength, false),
      checkText('idempotencyKey', input.idempotencyKey, idempotencyKeyMaxLength, false),
    ]);
    if (errors.length > 0) return errors;
    const wallet = await changeableWallet(this.#deps.table, caller.scope, input.walletId);
    if ('code' in wallet) return [wallet];
    await assertMayPerform(this.#deps.users, {
      operation,
      actingUserId: caller.actingUserId,
      organizationId: wallet.organizationId,
    });
    const form = addressFormProblem(wallet.network, input.address);
    if (form) return [userError('VALIDATION_FAILED', form, 'address')];
    return { wallet, caller, request: requester.log };
  }

  /** The custodian's change, or the errors it was refused with. */
  async #atCustodian(
    operation: Extract<CustodyOperation, 'addWhitelistAddress' | 'removeWhitelistAddress'>,
    { wallet, caller, request: log }: ChangeTarget,
    address: string,
    label: string | null,
  ): Promise<WhitelistChangeResult | AlreadyListed | UserError[]> {
    const request = {
      coin: custodianCoinOf(wallet.coin),
      walletId: wallet.custodianWalletId,
      address,
      userId: caller.actingUserId,
      ...(label === null ? {} : { label }),
    };
    try {
      return operation === 'addWhitelistAddress'
        ? await this.#deps.custody.addWhitelistAddress(request)
        : await this.#deps.custody.removeWhitelistAddress(request);
    } catch (error) {
      const listed = error instanceof CustodyProviderError && error.reason === 'whitelistEntryExists';
      return listed && operation === 'addWhitelistAddress'
        ? { outcome: 'alreadyListed' }
        : custodyRefusal(error, operation, log);
    }
  }

  /** An addition the custodian made or holds for approval: the entry, approved or pending with its approval. */
  async #recordAddition(
    { wallet, caller }: ChangeTarget,
    address: string,
    label: string | null,
    pending: CustodyPendingApproval | null,
    claim: ClaimToComplete | null,
  ): Promise<WhitelistChanged> {
    const stored = await this.#recorded('addition', wallet, address, () =>
      this.#deps.whitelist.recordAddition(
        {
          walletId: wallet.id,
          address,
          label,
          createdBy: caller.actingUserId,
          status: pending ? 'pending' : 'approved',
        },
        pending ? approvalRecord(pending, wallet.id, 'whitelistAdd') : null,
        claim,
      ),
    );
    return this.#changed(
      wallet.id,
      stored.entry,
      stored.approval && pendingApprovalView(stored.approval, stored.entry),
    );
  }

  /** The entry a removal names: on the whitelist, and no change of it awaiting approval. */
  async #removableEntry({ wallet, caller }: ChangeTarget, address: string): Promise<WhitelistEntryRow | UserError> {
    const existing = await this.#deps.whitelist.findEntry(caller.scope, wallet.id, address);
    if (!existing || existing.entry.status === 'rejected')
      return userError('NOT_FOUND', `${address} is not on the whitelist of wallet ${wallet.id}`, 'address');
    if (existing.entry.status === 'pending' || existing.removalPending) {
      const what = existing.removalPending ? 'its removal' : 'its addition';
      return userError('INVALID_STATE', `${address} cannot be removed while ${what} awaits approval`, 'address');
    }
    return existing.entry;
  }

  /** A removal the custodian made (the entry kept as removed) or holds for approval (the approval recorded). */
  async #recordRemoval(
    { wallet, caller }: ChangeTarget,
    entry: WhitelistEntryRow,
    address: string,
    result: WhitelistChangeResult | AlreadyListed,
  ): Promise<WhitelistChanged> {
    if (result.outcome !== 'pendingApproval') {
      await this.#recorded('removal', wallet, address, () =>
        this.#deps.whitelist.markRemoved(entry.id, caller.actingUserId),
      );
      return this.#changed(wallet.id, entry, null);
    }
    const approval = await this.#recorded('removal', wallet, address, () =>
      this.#deps.whitelist.recordRemovalApproval(
        approvalRecord(result.pendingApproval, wallet.id, 'whitelistRemove'),
        entry.id,
      ),
    );
    return this.#changed(wallet.id, entry, pendingApprovalView(approval, entry));
  }

  /** Runs a write that records a change the custodian already made; a failure is logged for reconciliation. */
  async #recorded<T>(what: string, wallet: HeldWallet, address: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      this.#deps.logger.error(
        { err: error, walletId: wallet.id, custodianWalletId: wallet.custodianWalletId, address },
        `whitelist ${what} made at the custodian but not recorded: reconcile by hand`,
      );
      throw error;
    }
  }

  async #changed(
    walletId: number,
    entry: WhitelistEntryRow,
    approval: PendingApprovalView | null,
  ): Promise<WhitelistChanged> {
    await this.#deps.results.invalidate([walletTag(walletId)]);
    return succeeded({ entry: whitelistEntryView(entry), pendingApproval: approval });
  }
}
