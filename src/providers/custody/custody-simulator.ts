// The in-memory custodian used when CUSTODY_URL is unset (docs/custody.md#the-simulator): wallets,
// addresses, a whitelist policy, sends under an approval policy, pending approvals resolved by
// users other than their creator, and the transfer state machine of docs/domain.md#wallets-and-custody.
// Deterministic for a given clock and id generator. Tests (and the served simulator,
// custody-simulator-server.ts) move transfers on with `control`. Refusals are the custodian's
// errors (custody-provider-error.ts), as the HTTP client reads them from a real custodian.
import { createControl, progressTransfers, type CustodySimulatorControl } from './custody-simulator-control.ts';
import {
  defaultTransferBatchSize,
  type CreateWalletRequest,
  type CustodyPendingApproval,
  type CustodyProvider,
  type CustodyTransfer,
  type CustodyWallet,
  type ListTransfersRequest,
  type TransferBatch,
} from './custody-provider.ts';
import {
  assertValidApprovalId,
  assertValidCreateAddress,
  assertValidCreateWallet,
  assertValidFindWalletByReference,
  assertValidGetTransfer,
  assertValidGetWalletBalances,
  assertValidListPendingApprovals,
  assertValidListTransfers,
  assertValidResolveApproval,
  assertValidSendCoins,
  assertValidWhitelistChange,
} from './custody-request-checks.ts';
import { resolveApproval } from './simulated-approvals.ts';
import { walletBalances } from './simulated-balances.ts';
import { defaultNetworkFees, lookupCoin, simulatedAddress, type SimulatedCoin } from './simulated-coins.ts';
import { approvalView, newestFirst, transferView, walletView, type WalletRecord } from './simulated-custody-records.ts';
import { findApproval, findWallet, refusal, transfersOf, type SimulatorState } from './simulated-custody-state.ts';
import { randomHexId, seededHexIds, type IdGenerator } from './simulated-ids.ts';
import { sendCoins } from './simulated-sends.ts';
import { changeWhitelist } from './simulated-whitelist.ts';

export type { CustodySimulatorControl } from './custody-simulator-control.ts';
export type { AdoptedPendingSend, AdoptedWallet } from './simulated-adoption.ts';

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

export interface CustodySimulator extends CustodyProvider {
  readonly control: CustodySimulatorControl;
}

/** Whether the provider is the in-process simulator, whose control the composition root may use. */
export function isCustodySimulator(provider: CustodyProvider): provider is CustodySimulator {
  return 'control' in provider;
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
      return createWallet(state, request);
    },

    async findWalletByReference(coin, reference) {
      assertValidFindWalletByReference(coin, reference);
      const wallet = [...state.wallets.values()].find(
        (candidate) => candidate.coin === coin && candidate.clientReference === reference,
      );
      return wallet ? walletView(wallet) : null;
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

    async listPendingApprovals(walletId) {
      assertValidListPendingApprovals(walletId);
      return pendingApprovalsOf(state, walletId);
    },

    async resolvePendingApproval(request) {
      assertValidResolveApproval(request);
      settle();
      return resolveApproval(state, request);
    },

    async getTransfer(coin, walletId, transferId) {
      assertValidGetTransfer(coin, walletId, transferId);
      settle();
      return getTransfer(state, coin, walletId, transferId);
    },

    async listTransfers(request) {
      assertValidListTransfers(request);
      settle();
      return listTransfers(state, request);
    },

    async getWalletBalances(coin, walletId) {
      assertValidGetWalletBalances(coin, walletId);
      settle();
      return walletBalances(state, coin, walletId);
    },
  };
}

function createWallet(state: SimulatorState, request: CreateWalletRequest): CustodyWallet {
  const chain = walletCoin(state, request.coin);
  const approvalsRequired = request.approvalsRequired ?? 0;
  const wallet: WalletRecord = {
    id: state.newId(),
    coin: request.coin,
    chain,
    label: request.label,
    type: request.type,
    clientReference: request.clientReference ?? null,
    policy: { approvalsRequired, sendApprovalThreshold: null, whitelistChangesNeedApproval: approvalsRequired > 0 },
    addresses: [],
    whitelist: new Map(),
    whitelistRuleExists: false,
    pendingWhitelistChanges: new Map(),
    sends: new Map(),
    openingBalances: new Map(),
  };
  addAddress(state, wallet, null);
  state.wallets.set(wallet.id, wallet);
  return walletView(wallet);
}

/** The wallet's pending approvals in the order they were opened (the map keeps insertion order). */
function pendingApprovalsOf(state: SimulatorState, walletId: string): CustodyPendingApproval[] {
  if (!state.wallets.has(walletId)) {
    throw refusal(state, 'listPendingApprovals', 'NotFound', `wallet ${walletId} not found`);
  }
  return [...state.approvals.values()]
    .filter((approval) => approval.walletId === walletId && approval.state === 'pending')
    .map(approvalView);
}

function getTransfer(state: SimulatorState, coin: string, walletId: string, transferId: string): CustodyTransfer {
  const wallet = findWallet(state, 'getTransfer', coin, walletId);
  const transfer = state.transfers.get(transferId);
  if (!transfer || transfer.walletId !== wallet.id) {
    throw refusal(state, 'getTransfer', 'NotFound', `transfer ${transferId} not found in wallet ${walletId}`);
  }
  return transferView(transfer);
}

/** One batch, newest first, after `prevId` when given (docs/custody.md#the-port). */
function listTransfers(state: SimulatorState, request: ListTransfersRequest): TransferBatch {
  const wallet = findWallet(state, 'listTransfers', request.coin, request.walletId);
  const ordered = transfersOf(state, wallet.id).sort(newestFirst);
  const start = request.prevId === undefined ? 0 : positionAfter(state, ordered, request.prevId, wallet.id);
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
}

function positionAfter(
  state: SimulatorState,
  ordered: readonly { id: string }[],
  prevId: string,
  walletId: string,
): number {
  const position = ordered.findIndex((transfer) => transfer.id === prevId);
  if (position < 0) {
    throw refusal(state, 'listTransfers', 'InvalidRequest', `prevId ${prevId} is not a transfer of wallet ${walletId}`);
  }
  return position + 1;
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
      `${coin} is a token on ${known.chains.join(' and ')}: create a wallet of its chain and hold ${coin} in it`,
    );
  }
  return known;
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
