// The custodian's REST shapes (docs/custody.md#rest-shapes), modelled on BitGo's API v2: the
// request bodies the HTTP client sends and the simulator's server reads, the answers the server
// writes and the client reads, and the encoding of the port's records into those answers. Amounts
// are integer strings in base units; times are ISO 8601 in UTC.
import type {
  CustodyAddress,
  CustodyCoinBalance,
  CustodyPendingApproval,
  CustodyTransfer,
  CustodyTransferState,
  CustodyWallet,
  CustodyWalletBalances,
  CustodyWalletType,
  CustodyWhitelistEntry,
  SendCoinsResult,
  TransferBatch,
  WhitelistChangeResult,
} from './custody-provider.ts';

/** The id of the one whitelist rule a wallet has at this custodian. */
export const whitelistRuleId = 'whitelist';

// ---- request bodies ------------------------------------------------------------------------

export interface WireCreateWalletBody {
  label: string;
  type: CustodyWalletType;
  userPublicKey?: string;
  approvalsRequired?: number;
  clientReference?: string;
}

export interface WireCreateAddressBody {
  label?: string;
}

export interface WireWhitelistItem {
  type: 'address';
  item: string;
  metaData?: { label?: string };
}

/**
 * `PUT …/policy/rule` (BitGo's update of an `advancedWhitelist` rule). `actingUserId` is this
 * platform's extension: it authenticates with one service token and names the user it acts for.
 */
export interface WirePolicyRuleBody {
  id: string;
  type: 'advancedWhitelist';
  condition: { add: WireWhitelistItem } | { remove: WireWhitelistItem };
  action: { type: 'deny' };
  actingUserId: string;
}

export interface WireSendCoinsBody {
  address: string;
  amount: string;
  sequenceId?: string;
  comment?: string;
  actingUserId: string;
}

export interface WireResolveApprovalBody {
  state: 'approved' | 'rejected';
  comment?: string;
  actingUserId: string;
}

// ---- answers -------------------------------------------------------------------------------

export interface WireAddress {
  id: string;
  address: string;
  coin: string;
  wallet: string;
  index: number;
  label: string | null;
}

export interface WireWallet {
  id: string;
  coin: string;
  label: string;
  type: CustodyWalletType;
  approvalsRequired: number;
  receiveAddress: WireAddress;
}

export interface WireTransferEntry {
  address: string;
  valueString: string;
  /** Set on entries of the transfer's own wallet. */
  wallet?: string;
}

export interface WireTransfer {
  id: string;
  coin: string;
  wallet: string;
  type: 'send' | 'receive';
  state: CustodyTransferState;
  txid: string | null;
  /** The wallet's change without the fee: negative for sends. */
  baseValueString: string;
  feeString: string | null;
  /**
   * The coin of `feeString`: the chain's coin, `eth` for a `usdc` transfer. This platform's
   * extension: BitGo reports a token transfer's fee in the base chain's coin without naming it
   * (docs/custody.md#rest-shapes).
   */
  feeCoin?: string | null;
  entries: WireTransferEntry[];
  comment: string | null;
  sequenceId: string | null;
  pendingApproval: string | null;
  /** When the transfer last changed. */
  date: string;
  createdTime: string;
  confirmedTime: string | null;
}

export interface WireResolver {
  user: string;
  date: string;
  resolutionType: 'approved' | 'rejected';
  comment: string | null;
}

export type WireApprovalInfo =
  | {
      type: 'transactionRequest';
      transactionRequest: { recipients: { address: string; amount: string }[]; transferId: string | null };
    }
  | {
      type: 'policyRuleRequest';
      policyRuleRequest: {
        action: 'update';
        update: {
          id: string;
          type: 'advancedWhitelist';
          condition: { add: WireWhitelistItem } | { remove: WireWhitelistItem };
        };
      };
    };

export interface WirePendingApproval {
  id: string;
  coin: string;
  wallet: string;
  creator: string;
  createDate: string;
  state: 'pending' | 'approved' | 'rejected';
  approvalsRequired: number;
  resolvers: WireResolver[];
  resolvedDate: string | null;
  info: WireApprovalInfo;
}

/**
 * `GET /api/v2/pendingapprovals?walletId=…`: the wallet's pending approvals. A real custodian lists
 * kinds the platform does not make (policy rules other than the whitelist, user changes) too.
 */
export interface WirePendingApprovalList {
  pendingApprovals: WirePendingApproval[];
}

export interface WireWhitelistRule {
  id: string;
  type: 'advancedWhitelist';
  condition: { entries: WireWhitelistItem[] };
  action: { type: 'deny' };
}

export type WirePolicyRuleAnswer =
  | { id: string; coin: string; admin: { policy: { rules: WireWhitelistRule[] } } }
  | { pendingApproval: WirePendingApproval };

export type WireSendCoinsAnswer =
  | { status: 'signed'; txid: string | null; transfer: WireTransfer }
  | { status: 'pendingApproval'; pendingApproval: WirePendingApproval; transfer: WireTransfer | null };

/** `GET /api/v2/{coin}/wallet?clientReference=…`: the wallets made with the reference. */
export interface WireWalletList {
  wallets: WireWallet[];
}

export interface WireTransferList {
  coin: string;
  transfers: WireTransfer[];
  /** Absent on the last batch. */
  nextBatchPrevId?: string;
}

/** BitGo's three balance figures of one coin, in base units. */
export interface WireCoinBalances {
  balanceString: string;
  confirmedBalanceString: string;
  spendableBalanceString: string;
}

/**
 * `GET /api/v2/{coin}/wallet/{walletId}`: the wallet, with its own coin's balances at the top level
 * and its tokens' under `tokens`, keyed by the token's coin id (BitGo answers `tokens` for Ethereum
 * wallets). BitGo's wallet carries many more fields; the platform reads only these.
 */
export interface WireWalletBalances extends WireCoinBalances {
  id: string;
  coin: string;
  tokens?: Record<string, WireCoinBalances>;
}

export interface WireErrorBody {
  error: string;
  name: string;
  requestId: string;
}

// ---- encoding the port's records (the simulator's server) ------------------------------------

export function encodeAddress(address: CustodyAddress): WireAddress {
  return {
    id: address.id,
    address: address.address,
    coin: address.coin,
    wallet: address.walletId,
    index: address.index,
    label: address.label,
  };
}

export function encodeWallet(wallet: CustodyWallet): WireWallet {
  return {
    id: wallet.id,
    coin: wallet.coin,
    label: wallet.label,
    type: wallet.type,
    approvalsRequired: wallet.approvalsRequired,
    receiveAddress: encodeAddress(wallet.receiveAddress),
  };
}

export function encodeTransfer(transfer: CustodyTransfer): WireTransfer {
  const isSend = transfer.type === 'send';
  return {
    id: transfer.id,
    coin: transfer.coin,
    wallet: transfer.walletId,
    type: transfer.type,
    state: transfer.state,
    txid: transfer.txid,
    baseValueString: isSend ? negate(transfer.amount) : transfer.amount,
    feeString: transfer.fee,
    feeCoin: transfer.feeCoin,
    entries:
      transfer.counterpartyAddress === null
        ? []
        : [
            {
              address: transfer.counterpartyAddress,
              valueString: isSend ? transfer.amount : negate(transfer.amount),
            },
          ],
    comment: transfer.comment,
    sequenceId: transfer.sequenceId,
    pendingApproval: transfer.pendingApprovalId,
    date: transfer.updatedAt.toISOString(),
    createdTime: transfer.createdAt.toISOString(),
    confirmedTime: transfer.confirmedAt?.toISOString() ?? null,
  };
}

function negate(amount: string): string {
  return amount === '0' ? '0' : `-${amount}`;
}

function whitelistItem(address: string, label: string | null): WireWhitelistItem {
  return label === null ? { type: 'address', item: address } : { type: 'address', item: address, metaData: { label } };
}

function encodeApprovalInfo(approval: CustodyPendingApproval): WireApprovalInfo {
  if (approval.kind === 'transfer') {
    return {
      type: 'transactionRequest',
      transactionRequest: {
        recipients: [{ address: approval.address, amount: approval.amount ?? '0' }],
        transferId: approval.transferId,
      },
    };
  }
  const item = whitelistItem(approval.address, approval.label);
  return {
    type: 'policyRuleRequest',
    policyRuleRequest: {
      action: 'update',
      update: {
        id: whitelistRuleId,
        type: 'advancedWhitelist',
        condition: approval.kind === 'whitelistAdd' ? { add: item } : { remove: item },
      },
    },
  };
}

export function encodePendingApproval(approval: CustodyPendingApproval): WirePendingApproval {
  return {
    id: approval.id,
    coin: approval.coin,
    wallet: approval.walletId,
    creator: approval.creator,
    createDate: approval.createdAt.toISOString(),
    state: approval.state,
    approvalsRequired: approval.approvalsRequired,
    resolvers: approval.resolutions.map((resolution) => ({
      user: resolution.userId,
      date: resolution.date.toISOString(),
      resolutionType: resolution.decision,
      comment: resolution.comment,
    })),
    resolvedDate: approval.resolvedAt?.toISOString() ?? null,
    info: encodeApprovalInfo(approval),
  };
}

export function encodePendingApprovalList(approvals: CustodyPendingApproval[]): WirePendingApprovalList {
  return { pendingApprovals: approvals.map(encodePendingApproval) };
}

export function encodeWhitelistChange(
  coin: string,
  walletId: string,
  result: WhitelistChangeResult,
): WirePolicyRuleAnswer {
  if (result.outcome === 'pendingApproval') return { pendingApproval: encodePendingApproval(result.pendingApproval) };
  const entries = result.whitelist.map((entry: CustodyWhitelistEntry) => whitelistItem(entry.address, entry.label));
  return {
    id: walletId,
    coin,
    admin: {
      policy: {
        rules: [{ id: whitelistRuleId, type: 'advancedWhitelist', condition: { entries }, action: { type: 'deny' } }],
      },
    },
  };
}

export function encodeSendCoins(result: SendCoinsResult): WireSendCoinsAnswer {
  if (result.outcome === 'transfer') {
    return { status: 'signed', txid: result.transfer.txid, transfer: encodeTransfer(result.transfer) };
  }
  return {
    status: 'pendingApproval',
    pendingApproval: encodePendingApproval(result.pendingApproval),
    transfer: result.transfer === null ? null : encodeTransfer(result.transfer),
  };
}

function encodeCoinBalances(balance: CustodyCoinBalance): WireCoinBalances {
  return {
    balanceString: balance.balance,
    confirmedBalanceString: balance.confirmedBalance,
    spendableBalanceString: balance.spendableBalance,
  };
}

export function encodeWalletBalances(wallet: CustodyWalletBalances): WireWalletBalances {
  const own = wallet.balances.find((balance) => balance.coin === wallet.coin);
  const tokens = wallet.balances.filter((balance) => balance.coin !== wallet.coin);
  const zero = { balanceString: '0', confirmedBalanceString: '0', spendableBalanceString: '0' };
  return {
    id: wallet.walletId,
    coin: wallet.coin,
    ...(own ? encodeCoinBalances(own) : zero),
    tokens: Object.fromEntries(tokens.map((token) => [token.coin, encodeCoinBalances(token)])),
  };
}

export function encodeTransferBatch(coin: string, batch: TransferBatch): WireTransferList {
  const list: WireTransferList = { coin, transfers: batch.transfers.map(encodeTransfer) };
  if (batch.nextBatchPrevId !== null) list.nextBatchPrevId = batch.nextBatchPrevId;
  return list;
}
