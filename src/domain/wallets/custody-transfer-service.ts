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
} from '../../access/wallets/wallet-transfer-table.ts';
import type {
  CustodyPendingApproval,
  CustodyProvider,
  CustodyTransfer,
} from '../../providers/custody/custody-provider.ts';
import { CustodyProviderError } from '../../providers/custody/custody-provider-error.ts';
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
import { type CustodyOperation, custodyRefusal } from './custody-transfer-refusals.ts';
import type { RequestLog } from './provider-failure-messages.ts';
import { walletTag } from './wallet-cache-tags.ts';
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

export function createCustodyTransferService(deps: CustodyTransferDeps) {
  const now = deps.now ?? (() => new Date());
  const priceFreshAfter = () => new Date(now().getTime() - deps.priceMaxAgeMs);
  const { table } = deps;

  async function walletInScope(walletId: number, caller: CustodyCaller): Promise<CustodyWalletRow> {
    const wallet = await table.findWallet(caller.scope, walletId);
    if (!wallet) failWith('NOT_FOUND', `no wallet ${walletId}`, 'walletId');
    return wallet;
  }

  async function assertMember(caller: CustodyCaller, wallet: CustodyWalletRow): Promise<void> {
    const user = await deps.users.find(caller.actingUserId);
    if (!user?.organizationIds.includes(wallet.organizationId))
      failWith('FORBIDDEN', `the acting user ${caller.actingUserId} does not belong to the wallet's organization`);
  }

  /** Calls the custodian; a refusal becomes the payload's error. */
  async function ask<T>(operation: CustodyOperation, caller: CustodyCaller, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof CustodyProviderError) throw new UserFailure([custodyRefusal(error, operation, caller.log)]);
      throw error;
    }
  }

  async function storedTransferView(
    caller: CustodyCaller,
    transferId: string | null,
  ): Promise<WalletTransferView | null> {
    if (transferId === null) return null;
    const row = await table.readTransfer(caller.scope, transferId);
    return row ? transferView(row) : null;
  }

  async function send(caller: CustodyCaller, input: SendTransferInput): Promise<Sent> {
    const checked = checkSendTransfer(input);
    const wallet = await walletInScope(checked.walletId, caller);
    await assertMember(caller, wallet);
    await assertMayPerform(deps.users, {
      operation: 'bitgoSendTransaction',
      actingUserId: caller.actingUserId,
      organizationId: wallet.organizationId,
    });
    if (wallet.status !== 'active')
      failWith('INVALID_STATE', `wallet ${wallet.id} is ${wallet.status.toUpperCase()}; only ACTIVE wallets send`);
    const custodianWalletId = wallet.custodianWalletId;
    if (custodianWalletId === null)
      failWith('INVALID_STATE', `wallet ${wallet.id} is not held at the custodian`, 'walletId');
    const coin = await sendableCoin(wallet, checked.coin ?? wallet.coin);
    const sequenceId =
      checked.idempotencyKey === null ? undefined : sequenceIdFor(caller.keyId, checked.idempotencyKey);
    if (
      sequenceId !== undefined &&
      (await table.walletsWithSequenceId(caller.scope, sequenceId)).some((id) => id !== wallet.id)
    )
      failWith('CONFLICT', 'the idempotency key was already used for a send from another wallet', 'idempotencyKey');
    const result = await ask('send', caller, () =>
      deps.custody.sendCoins({
        coin: custodianCoin(coin),
        walletId: custodianWalletId,
        address: checked.address,
        amount: checked.amount,
        ...(sequenceId === undefined ? {} : { sequenceId }),
        ...(checked.comment === null ? {} : { comment: checked.comment }),
        userId: caller.actingUserId,
      }),
    );
    const transfer: CustodyTransfer | null = result.transfer;
    const approval = result.outcome === 'pendingApproval' ? result.pendingApproval : null;
    await table.record({
      transfers: transfer ? [transferWrite(transfer, wallet.id, caller.actingUserId)] : [],
      approvals: approval ? [approvalWrite(approval, wallet.id)] : [],
      priceFreshAfter: priceFreshAfter(),
    });
    await deps.results.invalidate([walletTag(wallet.id)]);
    const transferShown = await storedTransferView(caller, transfer?.id ?? null);
    return {
      outcome: approval ? 'PENDING_APPROVAL' : 'TRANSFER_CREATED',
      transfer: transferShown,
      pendingApproval:
        approval && custodyApprovalView(approval, wallet.id, { transfer: transferShown, whitelistEntry: null }),
    };
  }

  /** The coin to send: one the platform lists, on the wallet's network (a token is held in a wallet of its chain). */
  async function sendableCoin(wallet: CustodyWalletRow, symbol: string): Promise<string> {
    const coin = await table.findCoin(symbol);
    if (!coin) failWith('UNSUPPORTED_ASSET', `${symbol} is not an asset the platform supports`, 'coin');
    if (coin.network !== wallet.network)
      failWith(
        'UNSUPPORTED_ASSET',
        `${symbol} is not held in ${wallet.coin} wallets (it lives on ${coin.network})`,
        'coin',
      );
    return coin.symbol;
  }

  /** The approval's wallet, within the caller's scope, and the user who created the guarded request. */
  async function approvalInScope(
    approvalId: string,
    caller: CustodyCaller,
  ): Promise<{ wallet: CustodyWalletRow; creator: string }> {
    const stored = await table.findApproval(caller.scope, approvalId);
    if (stored === outOfScope) failWith('NOT_FOUND', 'no such pending approval', 'approvalId');
    if (stored) return { wallet: stored.wallet, creator: stored.createdBy };
    // Not stored: an approval of a request made outside the platform, found through its wallet.
    const approval = await ask('resolve', caller, () => deps.custody.getPendingApproval(approvalId));
    const wallet = await table.findWalletByCustodianId(caller.scope, approval.walletId);
    if (!wallet) failWith('NOT_FOUND', 'no such pending approval', 'approvalId');
    return { wallet, creator: approval.creator };
  }

  async function resolve(caller: CustodyCaller, input: ResolveApprovalInput): Promise<Resolved> {
    const checked = checkResolveApproval(input);
    const { wallet, creator } = await approvalInScope(checked.approvalId, caller);
    if (creator === caller.actingUserId)
      failWith(
        'SELF_APPROVAL_NOT_ALLOWED',
        `${creator} created the request this approval guards and cannot resolve it`,
      );
    await assertMember(caller, wallet);
    await assertMayPerform(deps.users, {
      operation: 'bitgoResolveApproval',
      actingUserId: caller.actingUserId,
      organizationId: wallet.organizationId,
    });
    const approval = await ask('resolve', caller, () =>
      deps.custody.resolvePendingApproval({
        approvalId: checked.approvalId,
        decision: checked.decision,
        userId: caller.actingUserId,
        ...(checked.comment === null ? {} : { comment: checked.comment }),
      }),
    );
    const transfer = await guardedTransfer(approval);
    const whitelistDecision = decidedWhitelistChange(approval, wallet.id);
    await table.record({
      transfers: transfer ? [transferWrite(transfer, wallet.id, null)] : [],
      approvals: [{ ...approvalWrite(approval, wallet.id), decidedBy: caller.actingUserId }],
      ...(whitelistDecision ? { whitelistDecision } : {}),
      priceFreshAfter: priceFreshAfter(),
    });
    await deps.results.invalidate([walletTag(wallet.id)]);
    const transferShown = await storedTransferView(caller, approval.transferId);
    return {
      pendingApproval: custodyApprovalView(
        approval,
        wallet.id,
        { transfer: transferShown, whitelistEntry: await guardedWhitelistEntry(caller, approval, wallet.id) },
        caller.actingUserId,
      ),
      transfer: transferShown,
    };
  }

  /**
   * The guarded transfer after the decision. The decision is recorded at the custodian whatever
   * happens here, so a failed read is logged and the stored transfer kept; the next sync reads it.
   */
  async function guardedTransfer(approval: CustodyPendingApproval): Promise<CustodyTransfer | null> {
    if (approval.kind !== 'transfer' || approval.transferId === null) return null;
    try {
      return await deps.custody.getTransfer(approval.coin, approval.walletId, approval.transferId);
    } catch (error) {
      deps.logger.warn({ err: error, approvalId: approval.id }, 'resolved approval: its transfer could not be read');
      return null;
    }
  }

  async function guardedWhitelistEntry(
    caller: CustodyCaller,
    approval: CustodyPendingApproval,
    walletId: number,
  ): Promise<WhitelistEntryView | null> {
    if (approval.kind === 'transfer') return null;
    const entry = await table.findWhitelistEntry(caller.scope, walletId, approval.address);
    if (!entry) return null;
    return whitelistEntryView(entry);
  }

  return {
    send: (caller: CustodyCaller, input: SendTransferInput): Promise<Outcome<Sent>> =>
      outcomeOf(() => send(caller, input)),
    resolve: (caller: CustodyCaller, input: ResolveApprovalInput): Promise<Outcome<Resolved>> =>
      outcomeOf(() => resolve(caller, input)),
  };
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

export type CustodyTransferService = ReturnType<typeof createCustodyTransferService>;
