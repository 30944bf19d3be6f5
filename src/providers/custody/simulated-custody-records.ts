// The custody simulator's records and the rules that only read them (docs/custody.md#the-simulator):
// what a wallet holds, which states a transfer may move to, how much a wallet may still spend.
// Records are mutable inside the simulator; callers only ever get copies (`transferView`, …).
import type {
  CustodyAddress,
  CustodyApprovalKind,
  CustodyPendingApproval,
  CustodyTransfer,
  CustodyTransferState,
  CustodyWallet,
  CustodyWalletType,
} from './custody-provider.ts';
import type { SimulatedCoin } from './simulated-coins.ts';

/** When a wallet's sends and whitelist changes need approval, and how many approvals. */
export interface SimulatedWalletPolicy {
  /** Approvals a pending approval needs; 0: nothing needs approval. */
  approvalsRequired: number;
  /** Only sends of more than this many base units need approval; null: every send does. */
  sendApprovalThreshold: bigint | null;
  /** Whether adding or removing a whitelist address needs approval. */
  whitelistChangesNeedApproval: boolean;
}

export interface WalletRecord {
  id: string;
  coin: string;
  chain: SimulatedCoin;
  label: string;
  type: CustodyWalletType;
  /** The creation's `clientReference`; null when it gave none (and for adopted wallets). */
  clientReference: string | null;
  policy: SimulatedWalletPolicy;
  addresses: CustodyAddress[];
  /** address → label, in the order added. */
  whitelist: Map<string, string | null>;
  /** Once an address was whitelisted the rule exists, and sends go to whitelisted addresses only. */
  whitelistRuleExists: boolean;
  /** address → id of the pending approval of a change to it. */
  pendingWhitelistChanges: Map<string, string>;
  /** sequenceId → the first send made with it. */
  sends: Map<string, { fingerprint: string; transferId: string }>;
  /** What an adopted wallet held before the simulator knew it, in base units by coin (`control.adoptWallet`). */
  openingBalances: Map<string, bigint>;
}

export interface TransferRecord extends CustodyTransfer {
  /** Insertion order: the listing's tie-break for transfers created at the same instant. */
  order: number;
}

export type ApprovalRecord = CustodyPendingApproval;

/** Moves the control API may make; approval moves (to signed or rejected) belong to resolving. */
const nextStates: Readonly<Partial<Record<CustodyTransferState, readonly CustodyTransferState[]>>> = {
  signed: ['unconfirmed', 'failed'],
  unconfirmed: ['confirmed', 'failed', 'removed', 'replaced'],
};

export function canMove(from: CustodyTransferState, to: CustodyTransferState): boolean {
  return nextStates[from]?.includes(to) ?? false;
}

/** States whose transfer no longer holds the wallet's funds: it never reached the chain, so it pays no fee. */
const releasedStates: ReadonlySet<CustodyTransferState> = new Set(['rejected', 'failed', 'removed', 'replaced']);

/**
 * Moves a transfer to `state` at `at`. A send that ends without reaching the chain pays no fee
 * (docs/domain.md#wallets-and-custody): its fee is dropped, as a custodian reports none for it.
 */
export function moveTransfer(transfer: TransferRecord, state: CustodyTransferState, at: Date): void {
  transfer.state = state;
  transfer.updatedAt = at;
  if (state === 'confirmed') transfer.confirmedAt = at;
  if (releasedStates.has(state)) {
    transfer.fee = null;
    transfer.feeCoin = null;
  }
}

/**
 * The opening balance plus confirmed receipts, minus every send that still holds funds (its
 * amount, and its fee in the fee coin).
 */
export function spendable(transfers: Iterable<TransferRecord>, coin: string, opening = 0n): bigint {
  let balance = opening;
  for (const transfer of transfers) {
    if (transfer.type === 'receive') {
      if (transfer.state === 'confirmed' && transfer.coin === coin) balance += BigInt(transfer.amount);
      continue;
    }
    if (releasedStates.has(transfer.state)) continue;
    if (transfer.coin === coin) balance -= BigInt(transfer.amount);
    if (transfer.feeCoin === coin && transfer.fee !== null) balance -= BigInt(transfer.fee);
  }
  return balance;
}

export function walletView(wallet: WalletRecord): CustodyWallet {
  const [receiveAddress] = wallet.addresses;
  if (!receiveAddress) throw new Error(`simulated wallet ${wallet.id} has no address`);
  return {
    id: wallet.id,
    coin: wallet.coin,
    label: wallet.label,
    type: wallet.type,
    approvalsRequired: wallet.policy.approvalsRequired,
    receiveAddress: { ...receiveAddress },
  };
}

export function transferView(transfer: TransferRecord): CustodyTransfer {
  return {
    id: transfer.id,
    walletId: transfer.walletId,
    coin: transfer.coin,
    type: transfer.type,
    state: transfer.state,
    amount: transfer.amount,
    fee: transfer.fee,
    feeCoin: transfer.feeCoin,
    txid: transfer.txid,
    counterpartyAddress: transfer.counterpartyAddress,
    comment: transfer.comment,
    sequenceId: transfer.sequenceId,
    pendingApprovalId: transfer.pendingApprovalId,
    createdAt: new Date(transfer.createdAt),
    updatedAt: new Date(transfer.updatedAt),
    confirmedAt: transfer.confirmedAt && new Date(transfer.confirmedAt),
  };
}

export function approvalView(approval: ApprovalRecord): CustodyPendingApproval {
  return {
    ...approval,
    resolutions: approval.resolutions.map((resolution) => ({ ...resolution, date: new Date(resolution.date) })),
    createdAt: new Date(approval.createdAt),
    resolvedAt: approval.resolvedAt && new Date(approval.resolvedAt),
  };
}

/** Newest first by creation, then by insertion: a stable order for the cursor. */
export function newestFirst(left: TransferRecord, right: TransferRecord): number {
  return right.createdAt.getTime() - left.createdAt.getTime() || right.order - left.order;
}

/** Puts a whitelist change in force (at once, or once its approval is approved). */
export function applyWhitelistChange(
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

export function whitelistOf(wallet: WalletRecord) {
  return [...wallet.whitelist].map(([address, label]) => ({ address, label }));
}
