// The custody provider port (docs/custody.md#the-port): what the platform needs from a
// BitGo-compatible custodian: wallets and deposit addresses, the withdrawal whitelist, sending
// coins under the wallet's approval policy, pending approvals, the transfer list that wallet
// syncs page through, and a wallet's balances per coin, which the reconciliation compares with
// the journal (docs/domain.md#wallets-and-custody, docs/custody.md#reconciliation). Implemented by the HTTP client
// and by the simulator; both check requests with custody-request-checks.ts and fail with
// CustodyProviderError (custody-provider-error.ts), so callers see the same answers from either.

/** How a wallet's keys are held (`schema.graphql` `WalletType`, lower case). */
export const custodyWalletTypes = ['custodial', 'hot', 'smart'] as const;
export type CustodyWalletType = (typeof custodyWalletTypes)[number];

/**
 * Transfer states: `initialized → pendingApproval → (rejected | signed)`, `signed → unconfirmed →
 * confirmed`, and the ends `failed`, `removed`, `replaced` (`schema.graphql` `TransferState`).
 */
export const custodyTransferStates = [
  'initialized',
  'pendingApproval',
  'rejected',
  'signed',
  'unconfirmed',
  'confirmed',
  'failed',
  'removed',
  'replaced',
] as const;
export type CustodyTransferState = (typeof custodyTransferStates)[number];

export const custodyApprovalStates = ['pending', 'approved', 'rejected'] as const;
export type CustodyApprovalState = (typeof custodyApprovalStates)[number];

/** What a pending approval guards (`schema.graphql` `PendingApprovalKind`). */
export type CustodyApprovalKind = 'transfer' | 'whitelistAdd' | 'whitelistRemove';

export type CustodyDecision = 'approved' | 'rejected';

export interface CustodyAddress {
  /** The custodian's address id (lowercase hex). */
  id: string;
  walletId: string;
  coin: string;
  /** The on-chain address. */
  address: string;
  /** Derivation index within the wallet; the wallet's first receive address is 0. */
  index: number;
  label: string | null;
}

export interface CustodyWallet {
  /** The custodian's wallet id: 32 lowercase hex characters. */
  id: string;
  coin: string;
  label: string;
  type: CustodyWalletType;
  /** Approvals a pending approval of this wallet needs; 0 when the policy requires none. */
  approvalsRequired: number;
  /** The address created with the wallet. */
  receiveAddress: CustodyAddress;
}

export interface CustodyTransfer {
  id: string;
  walletId: string;
  /** The transferred coin or token, e.g. `btc`, `usdc`. */
  coin: string;
  type: 'send' | 'receive';
  state: CustodyTransferState;
  /** Amount in base units, a non-negative integer string, without the fee. */
  amount: string;
  /**
   * Network fee in base units of `feeCoin`; null when not reported (receives) and for a send that
   * never reached the chain (`rejected`, `failed`, `removed`, `replaced`), which pays none.
   */
  fee: string | null;
  /**
   * The coin the fee is paid in: the chain's own coin (`eth` for a `usdc` send, `btc` for a `btc`
   * send; docs/domain.md#wallets-and-custody). Null when there is no fee, or the custodian does not
   * name the coin (then it is the chain's coin of `coin`).
   */
  feeCoin: string | null;
  /** On-chain transaction hash; null until signed. */
  txid: string | null;
  /** The destination (send) or, where known, the sender (receive). */
  counterpartyAddress: string | null;
  comment: string | null;
  /** The idempotency key the send was made with. */
  sequenceId: string | null;
  pendingApprovalId: string | null;
  createdAt: Date;
  /** When the transfer last changed; the listing's `dateGte` compares with it. */
  updatedAt: Date;
  confirmedAt: Date | null;
}

export interface CustodyApprovalResolution {
  userId: string;
  decision: CustodyDecision;
  date: Date;
  comment: string | null;
}

export interface CustodyPendingApproval {
  /** 32 lowercase hex characters. */
  id: string;
  walletId: string;
  coin: string;
  kind: CustodyApprovalKind;
  state: CustodyApprovalState;
  approvalsRequired: number;
  /** Approvals given so far; it is approved when this reaches `approvalsRequired`. */
  approvalsReceived: number;
  /** The user who made the guarded request; they may not resolve it. */
  creator: string;
  /** Each decision, in order. */
  resolutions: CustodyApprovalResolution[];
  /** The guarded transfer (kind `transfer`). */
  transferId: string | null;
  /** The destination (kind `transfer`) or the whitelisted address (whitelist kinds). */
  address: string;
  /** Amount in base units (kind `transfer`). */
  amount: string | null;
  /** Label of the whitelist entry (kind `whitelistAdd`). */
  label: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface CustodyWhitelistEntry {
  address: string;
  label: string | null;
}

export interface CreateWalletRequest {
  /** The custodian's coin id, lower case: `btc`, `eth`, … */
  coin: string;
  label: string;
  type: CustodyWalletType;
  /** Public key of the client-held key: required for `hot` and `smart`, absent for `custodial`. */
  userPublicKey?: string;
  /**
   * Approvals each send and each whitelist change of the wallet will need, 0 to 10; 0 (the default)
   * means none needs approval.
   */
  approvalsRequired?: number;
  /**
   * The caller's own reference for this creation (a UUID, unique per caller), kept with the wallet so
   * that `findWalletByReference` finds it when the answer to the creation was lost.
   */
  clientReference?: string;
}

export interface CreateAddressRequest {
  coin: string;
  walletId: string;
  label?: string;
}

export interface WhitelistChangeRequest {
  coin: string;
  walletId: string;
  address: string;
  /** Kept with an added entry; ignored on removal. */
  label?: string;
  /** The platform user making the change: the creator of a resulting pending approval. */
  userId: string;
}

/** The whitelist after the change, or the approval the change now waits for. */
export type WhitelistChangeResult =
  | { outcome: 'applied'; whitelist: CustodyWhitelistEntry[] }
  | { outcome: 'pendingApproval'; pendingApproval: CustodyPendingApproval };

export interface SendCoinsRequest {
  /** The coin or token to send; a token is sent from a wallet of its chain (`usdc` from `eth`). */
  coin: string;
  walletId: string;
  address: string;
  /** Base units, a positive integer as a decimal string (`"150000"`): never a float. */
  amount: string;
  /**
   * Idempotency key, unique per wallet: a repeat with the same input answers the first send's
   * transfer (in its current state); with different input it is refused (reason `idempotencyConflict`).
   */
  sequenceId?: string;
  comment?: string;
  /** The platform user sending: the creator of a resulting pending approval. */
  userId: string;
}

/** A signed transfer, or a pending approval together with the transfer it holds back. */
export type SendCoinsResult =
  | { outcome: 'transfer'; transfer: CustodyTransfer }
  | { outcome: 'pendingApproval'; pendingApproval: CustodyPendingApproval; transfer: CustodyTransfer | null };

export interface ResolveApprovalRequest {
  approvalId: string;
  decision: CustodyDecision;
  /** The deciding user; never the approval's creator, and at most one decision per user. */
  userId: string;
  comment?: string;
}

export interface ListTransfersRequest {
  coin: string;
  walletId: string;
  /** Continue after this transfer: the previous batch's `nextBatchPrevId`. */
  prevId?: string;
  /** Only transfers that changed at or after this time (the last synced time). */
  dateGte?: Date;
  /** Batch size, 1 to 500; default 25. */
  limit?: number;
}

export interface TransferBatch {
  /** Newest first (by creation, then the custodian's order). */
  transfers: CustodyTransfer[];
  /** Pass as `prevId` for the next batch; null when this was the last one. */
  nextBatchPrevId: string | null;
}

/** What the custodian reports a wallet holds of one coin, in base units (integer strings, never floats). */
export interface CustodyCoinBalance {
  /** The wallet's own coin, or a token it holds (`usdc` in an `eth` wallet). */
  coin: string;
  /** Confirmed, plus what is on the chain and not yet confirmed (BitGo's `balanceString`). */
  balance: string;
  /** What confirmed transfers leave the wallet (`confirmedBalanceString`). */
  confirmedBalance: string;
  /** What the wallet may still send: confirmed, less every send that holds funds (`spendableBalanceString`). */
  spendableBalance: string;
}

export interface CustodyWalletBalances {
  walletId: string;
  /** The wallet's own coin. */
  coin: string;
  /** The wallet's own coin first, then its tokens by coin id. */
  balances: CustodyCoinBalance[];
}

export interface CustodyProvider {
  createWallet(request: CreateWalletRequest): Promise<CustodyWallet>;
  /** The wallet of the coin made with `clientReference`; null when there is none. */
  findWalletByReference(coin: string, clientReference: string): Promise<CustodyWallet | null>;
  createAddress(request: CreateAddressRequest): Promise<CustodyAddress>;
  addWhitelistAddress(request: WhitelistChangeRequest): Promise<WhitelistChangeResult>;
  removeWhitelistAddress(request: WhitelistChangeRequest): Promise<WhitelistChangeResult>;
  sendCoins(request: SendCoinsRequest): Promise<SendCoinsResult>;
  getPendingApproval(approvalId: string): Promise<CustodyPendingApproval>;
  /**
   * The wallet's approvals still pending, oldest first (BitGo's `GET /api/v2/pendingapprovals?walletId=…`):
   * how a change the custodian holds is found when the answer that named it was lost
   * (docs/custody.md#consistency).
   */
  listPendingApprovals(walletId: string): Promise<CustodyPendingApproval[]>;
  /**
   * Records one user's decision and answers the approval after it. Once approved, the guarded
   * action happens (a transfer is signed, a whitelist change applies); read the transfer with
   * `getTransfer`.
   */
  resolvePendingApproval(request: ResolveApprovalRequest): Promise<CustodyPendingApproval>;
  getTransfer(coin: string, walletId: string, transferId: string): Promise<CustodyTransfer>;
  listTransfers(request: ListTransfersRequest): Promise<TransferBatch>;
  /** The wallet's balances per coin: its own coin and its tokens (BitGo's `GET /api/v2/{coin}/wallet/{id}`). */
  getWalletBalances(coin: string, walletId: string): Promise<CustodyWalletBalances>;
}

export const defaultTransferBatchSize = 25;
export const maxTransferBatchSize = 500;
