// Sends and approval decisions through the custodian (schema.graphql Mutation.bitgoSendTransaction,
// Mutation.bitgoResolveApproval; docs/custody.md#sending-and-approving). The custodian is asked
// first; only what it accepted is written, transfer and approval rows in one transaction, and the
// wallet's cached results are dropped. A key bound to an organization reaches only its wallets and
// their approvals: every read is made in its organization scope (docs/identity.md#organization-scope),
// so any other answers NOT_FOUND, as a missing one does. The acting user
// (docs/identity.md#acting-user) must belong to the wallet's organization and hold a role
// permissions.yaml business_operations lists for the operation there (operation-roles.ts), is
// recorded as the sender or as the approval's decider, and may not resolve an approval of their
// own request.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { ResultCache } from '../../cache/result-cache.ts';
import {
  type CustodyWalletRow,
  outOfScope,
  type WalletTransferTable,
  type WhitelistDecision,
} from '../../records/wallets/wallet-transfer-table.ts';
import type {
  CustodyPendingApproval,
  CustodyProvider,
  CustodyTransfer,
  SendCoinsResult,
} from '../../providers/custody/custody-provider.ts';
import type { ActingUserDirectory } from '../identity/acting-user.ts';
import { assertMayPerform } from '../identity/operation-roles.ts';
import type { Outcome } from '../outcomes/outcome.ts';
import { failWith, outcomeOf, UserFailure } from '../outcomes/user-failure.ts';
import { approvalWrite, custodianCoin, transferWrite } from './custody-transfer-records.ts';
import {
  checkResolveApproval,
  checkSendTransfer,
  type ResolveApprovalInput,
  type SendTransferInput,
} from './custody-input-checks.ts';
import { custodyRefusal, type TransferCustodyOperation } from './custody-refusals.ts';
import { walletFrozen } from './frozen-wallet.ts';
import type { RequestLog } from './provider-failure-messages.ts';
import { walletTag } from './wallet-cache-tags.ts';
import { walletNotFound } from './wallet-in-reach.ts';
import type { WalletCaller } from './wallet-caller.ts';
import {
  custodyApprovalView,
  type PendingApprovalView,
  type WhitelistEntryView,
  whitelistEntryView,
} from './wallet-record-views.ts';
import { transferView, type WalletTransferView } from './wallet-transfer-view.ts';

/** Who asks: the API key (its organization scope and id) and the acting user it resolved to. */
export interface CustodyCaller extends WalletCaller {
  /** Idempotency keys are the API key's own: two keys choosing the same key never meet. */
  readonly keyId: string;
  /** The request's id and logger, which a custodian failure is told and logged with (provider-failure-messages.ts). */
  readonly log: RequestLog;
}

export interface Sent {
  outcome: 'TRANSFER_CREATED' | 'PENDING_APPROVAL';
  transfer: WalletTransferView | null;
  pendingApproval: PendingApprovalView | null;
}

export interface Resolved {
  pendingApproval: PendingApprovalView;
  transfer: WalletTransferView | null;
}

export interface CustodyTransferDeps {
  table: WalletTransferTable;
  custody: CustodyProvider;
  results: ResultCache;
  users: ActingUserDirectory;
  logger: Logger;
  /** A coin price older than this does not value a new transfer (docs/providers.md#staleness). */
  priceMaxAgeMs: number;
  now?: () => Date;
}

/**
 * The custodian's `sequenceId` for a client's idempotency key: the same key from the same API key
 * always gives the same one, and the custodian answers a repeat with the first send
 * (docs/custody.md#idempotent-sends).
 */
export function sequenceIdFor(keyId: string, idempotencyKey: string): string {
  return createHash('sha256').update(`${keyId}\n${idempotencyKey}`).digest('hex');
}

export function createCustodyTransferService(deps: CustodyTransferDeps): CustodyTransferService {
  return new CustodyTransferService(deps);
}

/** A wallet a send may leave: in the caller's scope and organization, ACTIVE, held at the custodian. */
interface SendingWallet {
  wallet: CustodyWalletRow;
  custodianWalletId: string;
}

export class CustodyTransferService {
  readonly #deps: CustodyTransferDeps;
  readonly #table: WalletTransferTable;
  readonly #now: () => Date;

  constructor(deps: CustodyTransferDeps) {
    this.#deps = deps;
    this.#table = deps.table;
    this.#now = deps.now ?? (() => new Date());
  }

  send(caller: CustodyCaller, input: SendTransferInput): Promise<Outcome<Sent>> {
    return outcomeOf(() => this.#send(caller, input));
  }

  resolve(caller: CustodyCaller, input: ResolveApprovalInput): Promise<Outcome<Resolved>> {
    return outcomeOf(() => this.#resolve(caller, input));
  }

  #priceFreshAfter(): Date {
    return new Date(this.#now().getTime() - this.#deps.priceMaxAgeMs);
  }

  async #walletInScope(walletId: number, caller: CustodyCaller): Promise<CustodyWalletRow> {
    const wallet = await this.#table.findWallet(caller.scope, walletId);
    if (!wallet) throw new UserFailure([walletNotFound(walletId)]);
    return wallet;
  }

  async #assertMember(caller: CustodyCaller, wallet: CustodyWalletRow): Promise<void> {
    if (!(await this.#deps.users.belongsTo(caller.actingUserId, wallet.organizationId)))
      failWith('FORBIDDEN', `the acting user ${caller.actingUserId} does not belong to the wallet's organization`);
  }

  /** Calls the custodian; a refusal becomes the payload's error. */
  async #ask<T>(operation: TransferCustodyOperation, caller: CustodyCaller, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw new UserFailure(custodyRefusal(error, operation, caller.log));
    }
  }

  async #storedTransferView(caller: CustodyCaller, transferId: string | null): Promise<WalletTransferView | null> {
    if (transferId === null) return null;
    const row = await this.#table.readTransfer(caller.scope, transferId);
    return row ? transferView(row) : null;
  }

  async #send(caller: CustodyCaller, input: SendTransferInput): Promise<Sent> {
    const checked = checkSendTransfer(input);
    const { wallet, custodianWalletId } = await this.#sendingWallet(checked.walletId, caller);
    const coin = await this.#sendableCoin(wallet, checked.coin ?? wallet.coin);
    const sequenceId = await this.#sequenceId(caller, checked.idempotencyKey, wallet.id);
    const result = await this.#ask('send', caller, () =>
      this.#deps.custody.sendCoins({
        coin: custodianCoin(coin),
        walletId: custodianWalletId,
        address: checked.address,
        amount: checked.amount,
        ...(sequenceId === undefined ? {} : { sequenceId }),
        ...(checked.comment === null ? {} : { comment: checked.comment }),
        userId: caller.actingUserId,
      }),
    );
    return this.#recordSend(caller, wallet.id, result);
  }

  /** The wallet a send leaves, if the acting user may send from it and it can send. */
  async #sendingWallet(walletId: number, caller: CustodyCaller): Promise<SendingWallet> {
    const wallet = await this.#walletInScope(walletId, caller);
    await this.#assertMember(caller, wallet);
    await assertMayPerform(this.#deps.users, {
      operation: 'bitgoSendTransaction',
      actingUserId: caller.actingUserId,
      organizationId: wallet.organizationId,
    });
    if (wallet.status === 'frozen') throw new UserFailure([walletFrozen(wallet.id, 'send', 'walletId')]);
    if (wallet.status !== 'active')
      failWith('INVALID_STATE', `wallet ${wallet.id} is ${wallet.status.toUpperCase()}; only ACTIVE wallets send`);
    const custodianWalletId = wallet.custodianWalletId;
    if (custodianWalletId === null)
      failWith('INVALID_STATE', `wallet ${wallet.id} is not held at the custodian`, 'walletId');
    return { wallet, custodianWalletId };
  }

  /** The coin to send: one the platform lists, on the wallet's network (a token is held in a wallet of its chain). */
  async #sendableCoin(wallet: CustodyWalletRow, symbol: string): Promise<string> {
    const coin = await this.#table.findCoin(symbol);
    if (!coin) failWith('UNSUPPORTED_ASSET', `${symbol} is not an asset the platform supports`, 'coin');
    if (coin.network !== wallet.network)
      failWith(
        'UNSUPPORTED_ASSET',
        `${symbol} is not held in ${wallet.coin} wallets (it lives on ${coin.network})`,
        'coin',
      );
    return coin.symbol;
  }

  /** The send's `sequenceId`, unless its idempotency key was already used from another wallet. */
  async #sequenceId(
    caller: CustodyCaller,
    idempotencyKey: string | null,
    walletId: number,
  ): Promise<string | undefined> {
    const sequenceId = idempotencyKey === null ? undefined : sequenceIdFor(caller.keyId, idempotencyKey);
    if (
      sequenceId !== undefined &&
      (await this.#table.walletsWithSequenceId(caller.scope, sequenceId)).some((id) => id !== walletId)
    )
      failWith('CONFLICT', 'the idempotency key was already used for a send from another wallet', 'idempotencyKey');
    return sequenceId;
  }

  /** Records what the custodian accepted, drops the wallet's cached results, and answers it as stored. */
  async #recordSend(caller: CustodyCaller, walletId: number, result: SendCoinsResult): Promise<Sent> {
    const transfer: CustodyTransfer | null = result.transfer;
    const approval = result.outcome === 'pendingApproval' ? result.pendingApproval : null;
    await this.#table.record({
      transfers: transfer ? [transferWrite(transfer, walletId, caller.actingUserId)] : [],
      approvals: approval ? [approvalWrite(approval, walletId)] : [],
      priceFreshAfter: this.#priceFreshAfter(),
    });
    await this.#deps.results.invalidate([walletTag(walletId)]);
    const transferShown = await this.#storedTransferView(caller, transfer?.id ?? null);
    return {
      outcome: approval ? 'PENDING_APPROVAL' : 'TRANSFER_CREATED',
      transfer: transferShown,
      pendingApproval:
        approval && custodyApprovalView(approval, walletId, { transfer: transferShown, whitelistEntry: null }),
    };
  }

  /** The approval's wallet, within the caller's scope, and the user who created the guarded request. */
  async #approvalInScope(
    approvalId: string,
    caller: CustodyCaller,
  ): Promise<{ wallet: CustodyWalletRow; creator: string }> {
    const stored = await this.#table.findApproval(caller.scope, approvalId);
    if (stored === outOfScope) failWith('NOT_FOUND', 'no such pending approval', 'approvalId');
    if (stored) return { wallet: stored.wallet, creator: stored.createdBy };
    // Not stored: an approval of a request made outside the platform, found through its wallet.
    const approval = await this.#ask('resolve', caller, () => this.#deps.custody.getPendingApproval(approvalId));
    const wallet = await this.#table.findWalletByCustodianId(caller.scope, approval.walletId);
    if (!wallet) failWith('NOT_FOUND', 'no such pending approval', 'approvalId');
    return { wallet, creator: approval.creator };
  }

  async #resolve(caller: CustodyCaller, input: ResolveApprovalInput): Promise<Resolved> {
    const checked = checkResolveApproval(input);
    const wallet = await this.#resolvingWallet(checked.approvalId, caller);
    if (wallet.status === 'frozen' && checked.decision === 'approved')
      throw new UserFailure([walletFrozen(wallet.id, 'approve', 'decision')]);
    const approval = await this.#ask('resolve', caller, () =>
      this.#deps.custody.resolvePendingApproval({
        approvalId: checked.approvalId,
        decision: checked.decision,
        userId: caller.actingUserId,
        ...(checked.comment === null ? {} : { comment: checked.comment }),
      }),
    );
    await this.#recordResolution(caller, wallet.id, approval);
    const transferShown = await this.#storedTransferView(caller, approval.transferId);
    return {
      pendingApproval: custodyApprovalView(
        approval,
        wallet.id,
        { transfer: transferShown, whitelistEntry: await this.#guardedWhitelistEntry(caller, approval, wallet.id) },
        caller.actingUserId,
      ),
      transfer: transferShown,
    };
  }

  /** The wallet of the approval, if the acting user may resolve it: not its creator, a member allowed to. */
  async #resolvingWallet(approvalId: string, caller: CustodyCaller): Promise<CustodyWalletRow> {
    const { wallet, creator } = await this.#approvalInScope(approvalId, caller);
    if (creator === caller.actingUserId)
      failWith(
        'SELF_APPROVAL_NOT_ALLOWED',
        `${creator} created the request this approval guards and cannot resolve it`,
      );
    await this.#assertMember(caller, wallet);
    await assertMayPerform(this.#deps.users, {
      operation: 'bitgoResolveApproval',
      actingUserId: caller.actingUserId,
      organizationId: wallet.organizationId,
    });
    return wallet;
  }

  /** Records the decision, the guarded transfer and a decided whitelist change; drops the wallet's cached results. */
  async #recordResolution(caller: CustodyCaller, walletId: number, approval: CustodyPendingApproval): Promise<void> {
    const transfer = await this.#guardedTransfer(approval);
    const whitelistDecision = decidedWhitelistChange(approval, walletId);
    await this.#table.record({
      transfers: transfer ? [transferWrite(transfer, walletId, null)] : [],
      approvals: [{ ...approvalWrite(approval, walletId), decidedBy: caller.actingUserId }],
      ...(whitelistDecision ? { whitelistDecision } : {}),
      priceFreshAfter: this.#priceFreshAfter(),
    });
    await this.#deps.results.invalidate([walletTag(walletId)]);
  }

  /**
   * The guarded transfer after the decision. The decision is recorded at the custodian whatever
   * happens here, so a failed read is logged and the stored transfer kept; the next sync reads it.
   */
  async #guardedTransfer(approval: CustodyPendingApproval): Promise<CustodyTransfer | null> {
    if (approval.kind !== 'transfer' || approval.transferId === null) return null;
    try {
      return await this.#deps.custody.getTransfer(approval.coin, approval.walletId, approval.transferId);
    } catch (error) {
      this.#deps.logger.warn(
        { err: error, approvalId: approval.id },
        'resolved approval: its transfer could not be read',
      );
      return null;
    }
  }

  async #guardedWhitelistEntry(
    caller: CustodyCaller,
    approval: CustodyPendingApproval,
    walletId: number,
  ): Promise<WhitelistEntryView | null> {
    if (approval.kind === 'transfer') return null;
    const entry = await this.#table.findWhitelistEntry(caller.scope, walletId, approval.address);
    if (!entry) return null;
    return whitelistEntryView(entry);
  }
}

/** A whitelist change whose approval reached its end: the entry is decided (or removed). */
function decidedWhitelistChange(approval: CustodyPendingApproval, walletId: number): WhitelistDecision | null {
  if (approval.kind === 'transfer' || approval.state === 'pending' || approval.resolvedAt === null) return null;
  return {
    walletId,
    address: approval.address,
    change: approval.kind === 'whitelistAdd' ? 'add' : 'remove',
    outcome: approval.state,
    decidedAt: approval.resolvedAt,
  };
}
