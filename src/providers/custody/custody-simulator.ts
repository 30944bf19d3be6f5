// The in-memory custodian used when CUSTODY_URL is unset (docs/custody.md#the-simulator): wallets,
// addresses, a whitelist policy, sends under an approval policy, pending approvals resolved by
// users other than their creator, and the transfer state machine of docs/domain.md#wallets-and-custody.
// Deterministic for a given clock and id generator. Tests (and the served simulator,
// custody-simulator-server.ts) move transfers on with `control`. Refusals are the custodian's
// errors (custody-provider-error.ts), as the HTTP client reads them from a real custodian.
import {
  custodianAnswerError,
  custodianErrorNames,
  type CustodianErrorName,
  type CustodyProviderError,
} from './custody-provider-error.ts';
import {
  defaultTransferBatchSize,
  type CustodyApprovalKind,
  type CustodyPendingApproval,
  type CustodyProvider,
  type CustodyTransfer,
  type CustodyTransferState,
  type SendCoinsRequest,
  type SendCoinsResult,
  type WhitelistChangeRequest,
  type WhitelistChangeResult,
} from './custody-provider.ts';
import {
  assertValidApprovalId,
  assertValidCreateAddress,
  assertValidCreateWallet,
  assertValidGetTransfer,
  assertValidListTransfers,
  assertValidResolveApproval,
  assertValidSendCoins,
  assertValidWhitelistChange,
} from './custody-request-checks.ts';
import {
  approvalView,
  canMove,
  newestFirst,
  spendable,
  transferView,
  walletView,
  type ApprovalRecord,
  type SimulatedWalletPolicy,
  type TransferRecord,
  type WalletRecord,
} from './simulated-custody-records.ts';
import {
  defaultNetworkFees,
  isAddressOf,
  lookupCoin,
  simulatedAddress,
  type SimulatedCoin,
} from './simulated-coins.ts';
import { randomHexId, seededHexIds, type IdGenerator } from './simulated-ids.ts';

export interface CustodySimulatorOptions {
  now?: () => Date;
  /** Ids of everything the simulator creates; see `seed` for the usual deterministic choice. */
  newId?: IdGenerator;
  /** Derive ids from this seed (simulated-ids.ts) instead of random bytes. */
  seed?: string;
  /** Fee per send in base units of the chain's coin, by chain; defaults in simulated-coins.ts. */
  networkFees?: Readonly<Record<string, string>>;
  /**
   * Move signed transfers on by themselves: broadcast (unconfirmed) `broadcastAfterMs` after
   * signing, confirmed `confirmAfterMs` after that, measured on `now`. Off by default: tests move
   * transfers with `control`.
   */
  autoProgress?: { broadcastAfterMs: number; confirmAfterMs: number };
}

/** Moves a test (or a demo) makes happen at the custodian. */
export interface CustodySimulatorControl {
  /** A deposit: a receive transfer, confirmed unless `confirmed: false` (then unconfirmed). */
  receive(deposit: {
    walletId: string;
    amount: string;
    coin?: string;
    from?: string;
    confirmed?: boolean;
  }): CustodyTransfer;
  /** signed → unconfirmed | failed; unconfirmed → confirmed | failed | removed | replaced. */
  advanceTransfer(transferId: string, state: CustodyTransferState): CustodyTransfer;
  /** signed → unconfirmed → confirmed, or unconfirmed → confirmed. */
  confirmTransfer(transferId: string): CustodyTransfer;
  setWalletPolicy(walletId: string, policy: Partial<SimulatedWalletPolicy>): void;
  /** What the wallet may still send of `coin` (default: the wallet's coin), in base units. */
  spendableBalance(walletId: string, coin?: string): string;
}

export interface CustodySimulator extends CustodyProvider {
  readonly control: CustodySimulatorControl;
}

interface SimulatorState {
  now: () => Date;
  newId: IdGenerator;
  fees: Readonly<Record<string, string>>;
  wallets: Map<string, WalletRecord>;
  transfers: Map<string, TransferRecord>;
  approvals: Map<string, ApprovalRecord>;
  nextOrder: number;
}

export function createCustodySimulator(options: CustodySimulatorOptions = {}): CustodySimulator {
  const state: SimulatorState = {
    now: options.now ?? (() => new Date()),
    newId: options.newId ?? (options.seed === undefined ? randomHexId : seededHexIds(options.seed)),
    fees: { ...defaultNetworkFees, ...options.networkFees },
    wallets: new Map(),
    transfers: new Map(),
    approvals: new Map(),
    nextOrder: 0,
  };
  const settle = () => {
    if (options.autoProgress) progressTransfers(state, options.autoProgress);
  };
  const provider = createProvider(state, settle);
  return { ...provider, control: createControl(state, settle) };
}

function createProvider(state: SimulatorState, settle: () => void): CustodyProvider {
  return {
    async createWallet(request) {
      assertValidCreateWallet(request);
      const chain = walletCoin(state, request.coin);
      const approvalsRequired = request.approvalsRequired ?? 0;
      const wallet: WalletRecord = {
        id: state.newId(),
        coin: request.coin,
        chain,
        label: request.label,
        type: request.type,
        policy: { approvalsRequired, sendApprovalThreshold: null, whitelistChangesNeedApproval: approvalsRequired > 0 },
        addresses: [],
        whitelist: new Map(),
        whitelistRuleExists: false,
        pendingWhitelistChanges: new Map(),
        sends: new Map(),
      };
      addAddress(state, wallet, null);
      state.wallets.set(wallet.id, wallet);
      return walletView(wallet);
    },

    async createAddress(request) {
      assertValidCreateAddress(request);
      const wallet = findWallet(state, 'createAddress', request.coin, request.walletId);
      return { ...addAddress(state, wallet, request.label ?? null) };
    },

    async addWhitelistAddress(request) {
      assertValidWhitelistChange('addWhitelistAddress', request);
      return changeWhitelist(state, 'addWhitelistAddress', 'whitelistAdd', request);
    },

    async removeWhitelistAddress(request) {
      assertValidWhitelistChange('removeWhitelistAddress', request);
      return changeWhitelist(state, 'removeWhitelistAddress', 'whitelistRemove', request);
    },

    async sendCoins(request) {
      assertValidSendCoins(request);
      settle();
      return sendCoins(state, request);
    },

    async getPendingApproval(approvalId) {
      assertValidApprovalId('getPendingApproval', approvalId);
      return approvalView(findApproval(state, 'getPendingApproval', approvalId));
    },

    async resolvePendingApproval(request) {
      assertValidResolveApproval(request);
      settle();
      const operation = 'resolvePendingApproval';
      const approval = findApproval(state, operation, request.approvalId);
      if (approval.state !== 'pending') {
        throw refusal(
          state,
          operation,
          'ApprovalAlreadyResolved',
          `pending approval ${approval.id} is already ${approval.state}`,
        );
      }
      if (request.userId === approval.creator) {
        throw refusal(
          state,
          operation,
          'SelfApprovalNotAllowed',
          'a pending approval cannot be resolved by its creator',
        );
      }
      if (approval.resolutions.some((resolution) => resolution.userId === request.userId)) {
        throw refusal(
          state,
          operation,
          'ApproverAlreadyDecided',
          `user ${request.userId} has already decided on pending approval ${approval.id}`,
        );
      }
      const now = state.now();
      approval.resolutions.push({
        userId: request.userId,
        decision: request.decision,
        date: now,
        comment: request.comment ?? null,
      });
      if (request.decision === 'rejected') {
        finish(state, approval, 'rejected', now);
      } else {
        approval.approvalsReceived += 1;
        if (approval.approvalsReceived >= approval.approvalsRequired) finish(state, approval, 'approved', now);
      }
      return approvalView(approval);
    },

    async getTransfer(coin, walletId, transferId) {
      assertValidGetTransfer(coin, walletId, transferId);
      settle();
      const wallet = findWallet(state, 'getTransfer', coin, walletId);
      const transfer = state.transfers.get(transferId);
      if (!transfer || transfer.walletId !== wallet.id) {
        throw refusal(state, 'getTransfer', 'NotFound', `transfer ${transferId} not found in wallet ${walletId}`);
      }
      return transferView(transfer);
    },

    async listTransfers(request) {
      assertValidListTransfers(request);
      settle();
      const wallet = findWallet(state, 'listTransfers', request.coin, request.walletId);
      const ordered = [...state.transfers.values()]
        .filter((transfer) => transfer.walletId === wallet.id)
        .sort(newestFirst);
      let start = 0;
      if (request.prevId !== undefined) {
        const position = ordered.findIndex((transfer) => transfer.id === request.prevId);
        if (position < 0) {
          throw refusal(
            state,
            'listTransfers',
            'InvalidRequest',
            `prevId ${request.prevId} is not a transfer of wallet ${wallet.id}`,
          );
        }
        start = position + 1;
      }
      const since = request.dateGte?.getTime();
      const matching = ordered
        .slice(start)
        .filter((transfer) => since === undefined || transfer.updatedAt.getTime() >= since);
      const batch = matching.slice(0, request.limit ?? defaultTransferBatchSize);
      const last = batch.at(-1);
      return {
        transfers: batch.map(transferView),
        nextBatchPrevId: last && matching.length > batch.length ? last.id : null,
      };
    },
  };
}

function refusal(
  state: SimulatorState,
  operation: string,
  name: CustodianErrorName,
  error: string,
): CustodyProviderError {
  return custodianAnswerError(operation, custodianErrorNames[name].status, { error, name, requestId: state.newId() });
}

/** The coin of a new wallet: a known coin that is not a token. */
function walletCoin(state: SimulatorState, coin: string): SimulatedCoin {
  const known = lookupCoin(coin);
  if (!known) throw refusal(state, 'createWallet', 'UnsupportedCoin', `coin ${coin} is not supported`);
  if (known.token) {
    throw refusal(
      state,
      'createWallet',
      'UnsupportedCoin',
      `${coin} is a token on ${known.chain}: create a ${known.chain} wallet and hold ${coin} in it`,
    );
  }
  return known;
}

/** The wallet, reached through its own coin or a token on its chain. */
function findWallet(state: SimulatorState, operation: string, coin: string, walletId: string): WalletRecord {
  const wallet = state.wallets.get(walletId);
  if (!wallet || lookupCoin(coin)?.chain !== wallet.coin) {
    throw refusal(state, operation, 'NotFound', `wallet ${walletId} not found for coin ${coin}`);
  }
  return wallet;
}

function findApproval(state: SimulatorState, operation: string, approvalId: string): ApprovalRecord {
  const approval = state.approvals.get(approvalId);
  if (!approval) throw refusal(state, operation, 'NotFound', `pending approval ${approvalId} not found`);
  return approval;
}

function addAddress(state: SimulatorState, wallet: WalletRecord, label: string | null) {
  const id = state.newId();
  const address = {
    id,
    walletId: wallet.id,
    coin: wallet.coin,
    address: simulatedAddress(wallet.chain, id),
    index: wallet.addresses.length,
    label,
  };
  wallet.addresses.push(address);
  return address;
}

function assertAddressOf(state: SimulatorState, operation: string, wallet: WalletRecord, address: string): void {
  if (!isAddressOf(wallet.chain, address)) {
    throw refusal(state, operation, 'InvalidAddress', `${address} is not a valid ${wallet.coin} address`);
  }
}

function changeWhitelist(
  state: SimulatorState,
  operation: string,
  kind: 'whitelistAdd' | 'whitelistRemove',
  request: WhitelistChangeRequest,
): WhitelistChangeResult {
  const wallet = findWallet(state, operation, request.coin, request.walletId);
  assertAddressOf(state, operation, wallet, request.address);
  const pendingId = wallet.pendingWhitelistChanges.get(request.address);
  if (pendingId !== undefined) {
    throw refusal(
      state,
      operation,
      'WhitelistChangePending',
      `a change of ${request.address} awaits pending approval ${pendingId}`,
    );
  }
  const listed = wallet.whitelist.has(request.address);
  if (kind === 'whitelistAdd' && listed) {
    throw refusal(
      state,
      operation,
      'WhitelistEntryExists',
      `${request.address} is already on the whitelist of wallet ${wallet.id}`,
    );
  }
  if (kind === 'whitelistRemove' && !listed) {
    throw refusal(state, operation, 'NotFound', `${request.address} is not on the whitelist of wallet ${wallet.id}`);
  }
  const label = kind === 'whitelistAdd' ? (request.label ?? null) : (wallet.whitelist.get(request.address) ?? null);
  const { policy } = wallet;
  if (policy.approvalsRequired > 0 && policy.whitelistChangesNeedApproval) {
    const approval = openApproval(state, wallet, kind, request.userId, { address: request.address, label });
    wallet.pendingWhitelistChanges.set(request.address, approval.id);
    return { outcome: 'pendingApproval', pendingApproval: approvalView(approval) };
  }
  applyWhitelistChange(wallet, kind, request.address, label);
  return { outcome: 'applied', whitelist: whitelistOf(wallet) };
}

function applyWhitelistChange(
  wallet: WalletRecord,
  kind: CustodyApprovalKind,
  address: string,
  label: string | null,
): void {
  if (kind === 'whitelistAdd') {
    wallet.whitelist.set(address, label);
    wallet.whitelistRuleExists = true;
  } else {
    wallet.whitelist.delete(address);
  }
}

function whitelistOf(wallet: WalletRecord) {
  return [...wallet.whitelist].map(([address, label]) => ({ address, label }));
}

function sendCoins(state: SimulatorState, request: SendCoinsRequest): SendCoinsResult {
  const operation = 'sendCoins';
  const coin = lookupCoin(request.coin);
  if (!coin) throw refusal(state, operation, 'UnsupportedCoin', `coin ${request.coin} is not supported`);
  const wallet = findWallet(state, operation, request.coin, request.walletId);
  const fingerprint = JSON.stringify([request.coin, request.address, request.amount, request.comment ?? null]);
  const earlier = request.sequenceId === undefined ? undefined : wallet.sends.get(request.sequenceId);
  if (earlier) {
    if (earlier.fingerprint !== fingerprint) {
      throw refusal(
        state,
        operation,
        'SequenceIdConflict',
        `sequenceId ${request.sequenceId} was used for a different send`,
      );
    }
    return sendResult(state, state.transfers.get(earlier.transferId)!);
  }
  assertAddressOf(state, operation, wallet, request.address);
  if (wallet.whitelistRuleExists && !wallet.whitelist.has(request.address)) {
    throw refusal(
      state,
      operation,
      'AddressNotWhitelisted',
      `${request.address} is not on the whitelist of wallet ${wallet.id}`,
    );
  }
  const fee = state.fees[coin.chain] ?? '0';
  assertFunds(state, wallet, request.coin, BigInt(request.amount), coin.chain, BigInt(fee));
  const transfer = createSend(state, wallet, request, fee, coin.chain);
  if (request.sequenceId !== undefined) wallet.sends.set(request.sequenceId, { fingerprint, transferId: transfer.id });
  return sendResult(state, transfer);
}

function assertFunds(
  state: SimulatorState,
  wallet: WalletRecord,
  coin: string,
  amount: bigint,
  feeCoin: string,
  fee: bigint,
): void {
  const transfers = [...state.transfers.values()].filter((transfer) => transfer.walletId === wallet.id);
  const needs: [string, bigint][] =
    coin === feeCoin
      ? [[coin, amount + fee]]
      : [
          [coin, amount],
          [feeCoin, fee],
        ];
  for (const [needed, total] of needs) {
    const available = spendable(transfers, needed);
    if (available < total) {
      throw refusal(
        state,
        'sendCoins',
        'InsufficientBalance',
        `wallet ${wallet.id} can spend ${available} base units of ${needed}; the send needs ${total}`,
      );
    }
  }
}

function createSend(
  state: SimulatorState,
  wallet: WalletRecord,
  request: SendCoinsRequest,
  fee: string,
  feeCoin: string,
): TransferRecord {
  const now = state.now();
  const { policy } = wallet;
  const needsApproval =
    policy.approvalsRequired > 0 &&
    (policy.sendApprovalThreshold === null || BigInt(request.amount) > policy.sendApprovalThreshold);
  const transfer: TransferRecord = {
    id: state.newId(),
    walletId: wallet.id,
    coin: request.coin,
    type: 'send',
    state: needsApproval ? 'pendingApproval' : 'signed',
    amount: request.amount,
    fee,
    txid: needsApproval ? null : newTxid(state),
    counterpartyAddress: request.address,
    comment: request.comment ?? null,
    sequenceId: request.sequenceId ?? null,
    pendingApprovalId: null,
    createdAt: now,
    updatedAt: now,
    confirmedAt: null,
    order: state.nextOrder++,
    feeCoin,
  };
  state.transfers.set(transfer.id, transfer);
  if (needsApproval) {
    const approval = openApproval(state, wallet, 'transfer', request.userId, {
      address: request.address,
      amount: request.amount,
      transferId: transfer.id,
      coin: request.coin,
    });
    transfer.pendingApprovalId = approval.id;
  }
  return transfer;
}

function sendResult(state: SimulatorState, transfer: TransferRecord): SendCoinsResult {
  if (transfer.pendingApprovalId === null) return { outcome: 'transfer', transfer: transferView(transfer) };
  const approval = state.approvals.get(transfer.pendingApprovalId)!;
  return { outcome: 'pendingApproval', pendingApproval: approvalView(approval), transfer: transferView(transfer) };
}

function openApproval(
  state: SimulatorState,
  wallet: WalletRecord,
  kind: CustodyApprovalKind,
  creator: string,
  guarded: { address: string; amount?: string; label?: string | null; transferId?: string; coin?: string },
): ApprovalRecord {
  const approval: CustodyPendingApproval = {
    id: state.newId(),
    walletId: wallet.id,
    coin: guarded.coin ?? wallet.coin,
    kind,
    state: 'pending',
    approvalsRequired: wallet.policy.approvalsRequired,
    approvalsReceived: 0,
    creator,
    resolutions: [],
    transferId: guarded.transferId ?? null,
    address: guarded.address,
    amount: guarded.amount ?? null,
    label: guarded.label ?? null,
    createdAt: state.now(),
    resolvedAt: null,
  };
  state.approvals.set(approval.id, approval);
  return approval;
}

/** Carries out (approved) or drops (rejected) what the approval guarded. */
function finish(state: SimulatorState, approval: ApprovalRecord, outcome: 'approved' | 'rejected', now: Date): void {
  approval.state = outcome;
  approval.resolvedAt = now;
  const wallet = state.wallets.get(approval.walletId)!;
  if (approval.kind !== 'transfer') {
    wallet.pendingWhitelistChanges.delete(approval.address);
    if (outcome === 'approved') applyWhitelistChange(wallet, approval.kind, approval.address, approval.label);
    return;
  }
  const transfer = state.transfers.get(approval.transferId!)!;
  transfer.state = outcome === 'approved' ? 'signed' : 'rejected';
  if (outcome === 'approved') transfer.txid = newTxid(state);
  transfer.updatedAt = now;
}

function newTxid(state: SimulatorState): string {
  return `${state.newId()}${state.newId()}`;
}

function createControl(state: SimulatorState, settle: () => void): CustodySimulatorControl {
  const transferOf = (transferId: string) => {
    settle();
    const transfer = state.transfers.get(transferId);
    if (!transfer) throw new Error(`custody simulator: no transfer ${transferId}`);
    return transfer;
  };
  const move = (transfer: TransferRecord, to: CustodyTransferState, at: Date) => {
    if (!canMove(transfer.state, to)) {
      throw new Error(`custody simulator: transfer ${transfer.id} is ${transfer.state} and cannot become ${to}`);
    }
    transfer.state = to;
    transfer.updatedAt = at;
    if (to === 'confirmed') transfer.confirmedAt = at;
  };
  const walletOf = (walletId: string) => {
    const wallet = state.wallets.get(walletId);
    if (!wallet) throw new Error(`custody simulator: no wallet ${walletId}`);
    return wallet;
  };
  return {
    receive({ walletId, amount, coin, from, confirmed = true }) {
      const wallet = walletOf(walletId);
      const coinId = coin ?? wallet.coin;
      if (lookupCoin(coinId)?.chain !== wallet.coin)
        throw new Error(`custody simulator: wallet ${walletId} cannot hold ${coinId}`);
      if (!/^[1-9][0-9]*$/.test(amount))
        throw new Error(`custody simulator: amount ${amount} is not a positive integer`);
      const now = state.now();
      const transfer: TransferRecord = {
        id: state.newId(),
        walletId,
        coin: coinId,
        type: 'receive',
        state: confirmed ? 'confirmed' : 'unconfirmed',
        amount,
        fee: null,
        txid: newTxid(state),
        counterpartyAddress: from ?? null,
        comment: null,
        sequenceId: null,
        pendingApprovalId: null,
        createdAt: now,
        updatedAt: now,
        confirmedAt: confirmed ? now : null,
        order: state.nextOrder++,
        feeCoin: wallet.coin,
      };
      state.transfers.set(transfer.id, transfer);
      return transferView(transfer);
    },
    advanceTransfer(transferId, to) {
      const transfer = transferOf(transferId);
      move(transfer, to, state.now());
      return transferView(transfer);
    },
    confirmTransfer(transferId) {
      const transfer = transferOf(transferId);
      const now = state.now();
      if (transfer.state === 'signed') move(transfer, 'unconfirmed', now);
      move(transfer, 'confirmed', now);
      return transferView(transfer);
    },
    setWalletPolicy(walletId, policy) {
      const wallet = walletOf(walletId);
      wallet.policy = { ...wallet.policy, ...policy };
    },
    spendableBalance(walletId, coin) {
      const wallet = walletOf(walletId);
      const transfers = [...state.transfers.values()].filter((transfer) => transfer.walletId === wallet.id);
      return spendable(transfers, coin ?? wallet.coin).toString();
    },
  };
}

/** Applies the moves `autoProgress` promises, each at the moment it was due. */
function progressTransfers(state: SimulatorState, timing: { broadcastAfterMs: number; confirmAfterMs: number }): void {
  const now = state.now().getTime();
  for (const transfer of state.transfers.values()) {
    if (transfer.type !== 'send') continue;
    if (transfer.state === 'signed' && transfer.updatedAt.getTime() + timing.broadcastAfterMs <= now) {
      transfer.state = 'unconfirmed';
      transfer.updatedAt = new Date(transfer.updatedAt.getTime() + timing.broadcastAfterMs);
    }
    if (transfer.state === 'unconfirmed' && transfer.updatedAt.getTime() + timing.confirmAfterMs <= now) {
      const at = new Date(transfer.updatedAt.getTime() + timing.confirmAfterMs);
      transfer.state = 'confirmed';
      transfer.updatedAt = at;
      transfer.confirmedAt = at;
    }
  }
}
