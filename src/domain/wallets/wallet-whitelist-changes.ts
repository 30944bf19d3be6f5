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
// addition repeated after that (or after the process died before its commit) is recorded after
// all: the custodian answers that it lists the address already, or that a change of it awaits
// approval, and the platform adopts that state: the entry approved, or pending with the
// custodian's approval of the addition, read from its pending approvals (logged as a
// reconciliation; docs/custody.md#consistency). A pending removal is still refused.
import type { Logger } from 'pino';
import type { ResultCache } from '../../cache/result-cache.ts';
import type { ClaimToComplete } from '../../records/idempotency/idempotency-key-table.ts';
import { isUniqueViolation, type WalletWriteTable } from '../../records/wallets/wallet-write-table.ts';
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
import { findPendingWhitelistChange } from './pending-whitelist-change.ts';
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

/** An addition the custodian refused because one of the address awaits its approval: the state a first request left. */
interface AdoptedPending {
  outcome: 'adoptedPending';
  pendingApproval: CustodyPendingApproval;
}

/** What the custodian holds of an addition it refused to make again. */
type HeldByCustodian = AlreadyListed | AdoptedPending;

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
    const result = await this.#addAtCustodian(found, address, label);
    if (Array.isArray(result)) return failed(result);
    this.#logAdoption(wallet.id, address, result);
    const pending = result.outcome === 'applied' || result.outcome === 'alreadyListed' ? null : result.pendingApproval;
    return this.#recordAddition(found, address, label, pending, claim);
  }

  /** The custodian's addition; or what it holds already of one it refuses to make again; or the errors it was refused with. */
  async #addAtCustodian(
    found: ChangeTarget,
    address: string,
    label: string | null,
  ): Promise<WhitelistChangeResult | HeldByCustodian | UserError[]> {
    try {
      return await this.#atCustodian('addWhitelistAddress', found, address, label);
    } catch (error) {
      const held = await this.#heldByCustodian(error, found, address);
      return held ?? custodyRefusal(error, 'addWhitelistAddress', found.request);
    }
  }

  /**
   * What the custodian holds of an addition it refused: the address listed, or its addition
   * awaiting approval (found among the wallet's pending approvals); null when the refusal is
   * another, or the change awaiting approval is a removal (refused as before). A failed look-up
   * answers its own refusal: the addition may well be held, so a retry may adopt it.
   */
  async #heldByCustodian(
    error: unknown,
    { wallet, request }: ChangeTarget,
    address: string,
  ): Promise<HeldByCustodian | UserError[] | null> {
    if (!(error instanceof CustodyProviderError)) return null;
    if (error.reason === 'whitelistEntryExists') return { outcome: 'alreadyListed' };
    if (error.reason !== 'whitelistChangePending') return null;
    try {
      const pending = await findPendingWhitelistChange(this.#deps.custody, wallet.custodianWalletId, address);
      return pending?.kind === 'whitelistAdd' ? { outcome: 'adoptedPending', pendingApproval: pending } : null;
    } catch (lookupError) {
      return custodyRefusal(lookupError, 'addWhitelistAddress', request);
    }
  }

  /** An adopted addition is the trace of a request cut off after the custodian's change: said for the operator. */
  #logAdoption(walletId: number, address: string, result: WhitelistChangeResult | HeldByCustodian): void {
    if (result.outcome === 'alreadyListed')
      this.#deps.logger.warn(
        { walletId, address },
        'the custodian lists a whitelist address the platform had not recorded: recorded as approved',
      );
    if (result.outcome === 'adoptedPending')
      this.#deps.logger.warn(
        { walletId, address, approvalId: result.pendingApproval.id },
        'the custodian holds a pending whitelist addition the platform had not recorded: recorded as pending with its approval',
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
    let result: WhitelistChangeResult;
    try {
      result = await this.#atCustodian('removeWhitelistAddress', found, input.address, null);
    } catch (error) {
      return failed(custodyRefusal(error, 'removeWhitelistAddress', found.request));
    }
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

  /** The custodian's change; its refusal is thrown. */
  async #atCustodian(
    operation: Extract<CustodyOperation, 'addWhitelistAddress' | 'removeWhitelistAddress'>,
    { wallet, caller }: ChangeTarget,
    address: string,
    label: string | null,
  ): Promise<WhitelistChangeResult> {
    const request = {
      coin: custodianCoinOf(wallet.coin),
      walletId: wallet.custodianWalletId,
      address,
      userId: caller.actingUserId,
      ...(label === null ? {} : { label }),
    };
    return operation === 'addWhitelistAddress'
      ? this.#deps.custody.addWhitelistAddress(request)
      : this.#deps.custody.removeWhitelistAddress(request);
  }

  /** An addition the custodian made or holds for approval: the entry, approved or pending with its approval. */
  async #recordAddition(
    { wallet, caller }: ChangeTarget,
    address: string,
    label: string | null,
    pending: CustodyPendingApproval | null,
    claim: ClaimToComplete | null,
  ): Promise<WhitelistChanged> {
    let stored: Awaited<ReturnType<WhitelistWriteTable['recordAddition']>>;
    try {
      stored = await this.#recorded('addition', wallet, address, () =>
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
    } catch (error) {
      // A concurrent addition of the address with another key recorded it first (both got past
      // the custodian: the second adopted the first one's approval): the address is taken.
      if (isUniqueViolation(error))
        return failed([
          userError(
            'CONFLICT',
            `${address} awaits approval on, or is already on, the whitelist of wallet ${wallet.id}`,
            'address',
          ),
        ]);
      throw error;
    }
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
    result: WhitelistChangeResult,
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
      // Another request recorded the same change: nothing to reconcile.
      if (isUniqueViolation(error)) throw error;
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
