// Reads the custodian's answers (docs/custody.md#rest-shapes) into the port's records, after
// checking their shape with JSON Schema (ajv): an answer that does not fit throws
// UnexpectedCustodyAnswer naming the first misfit by its JSON path, never quoting a value, so a
// token or an address in a bad body cannot reach a message. Fields a real custodian may leave out
// (labels, comments, fees, times not reached yet) are optional and read as null.
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { CustodianErrorBody } from './custody-provider-error.ts';
import type {
  CustodyAddress,
  CustodyApprovalKind,
  CustodyCoinBalance,
  CustodyPendingApproval,
  CustodyTransfer,
  CustodyWallet,
  CustodyWalletBalances,
  SendCoinsResult,
  TransferBatch,
  WhitelistChangeResult,
} from './custody-provider.ts';
import type {
  WireAddress,
  WireApprovalInfo,
  WireCoinBalances,
  WirePendingApproval,
  WireTransfer,
  WireWhitelistItem,
} from './custody-wire-format.ts';
import {
  type ListedApproval,
  validateAddress,
  validateWalletList,
  validatePendingApproval,
  validatePendingApprovalList,
  validatePolicyRule,
  validateSendCoins,
  validateTransfer,
  validateTransferList,
  validateWallet,
  validateWalletBalances,
} from './custody-wire-schemas.ts';

/** The answer's body does not have the shape the operation answers with. */
export class UnexpectedCustodyAnswer extends Error {
  constructor(misfit: string) {
    super(misfit);
    this.name = 'UnexpectedCustodyAnswer';
  }
}

function checked<T>(validator: () => ValidateFunction<T>, body: unknown, path = ''): T {
  const validate = validator();
  if (validate(body)) return body;
  throw new UnexpectedCustodyAnswer(describeMisfit(validate.errors ?? [], path));
}

/** The deepest misfit is the most telling one; `oneOf` reports its branches' errors first. */
function describeMisfit(errors: ErrorObject[], path: string): string {
  const deepest = errors.reduce<ErrorObject | undefined>(
    (best, error) => (best === undefined || error.instancePath.length > best.instancePath.length ? error : best),
    undefined,
  );
  if (!deepest) return `${path || 'the body'} does not match`;
  return `${path + deepest.instancePath || '(body)'} ${deepest.message ?? 'does not match'}`;
}

function date(text: string, path: string): Date {
  const parsed = new Date(text);
  if (!Number.isFinite(parsed.getTime())) throw new UnexpectedCustodyAnswer(`${path} is not a valid date`);
  return parsed;
}

function optionalDate(text: string | null | undefined, path: string): Date | null {
  return text === null || text === undefined ? null : date(text, path);
}

function readAddress(wire: WireAddress): CustodyAddress {
  return {
    id: wire.id,
    walletId: wire.wallet,
    coin: wire.coin,
    address: wire.address,
    index: wire.index,
    label: wire.label ?? null,
  };
}

function readTransfer(wire: WireTransfer, path: string): CustodyTransfer {
  const negative = wire.baseValueString.startsWith('-');
  // A send takes from the wallet, a receive adds to it.
  if (negative !== (wire.type === 'send') && wire.baseValueString !== '0') {
    throw new UnexpectedCustodyAnswer(`${path}/baseValueString has the wrong sign for a ${wire.type}`);
  }
  const counterparty = (wire.entries ?? []).find((entry) => entry.wallet !== wire.wallet);
  return {
    id: wire.id,
    walletId: wire.wallet,
    coin: wire.coin,
    type: wire.type,
    state: wire.state,
    amount: negative ? wire.baseValueString.slice(1) : wire.baseValueString,
    fee: wire.feeString ?? null,
    // A coin without a fee would name nothing: the fee and its coin come together.
    feeCoin: wire.feeString == null ? null : (wire.feeCoin ?? null),
    txid: wire.txid ?? null,
    counterpartyAddress: counterparty?.address ?? null,
    comment: wire.comment ?? null,
    sequenceId: wire.sequenceId ?? null,
    pendingApprovalId: wire.pendingApproval ?? null,
    createdAt: date(wire.createdTime, `${path}/createdTime`),
    updatedAt: date(wire.date, `${path}/date`),
    confirmedAt: optionalDate(wire.confirmedTime, `${path}/confirmedTime`),
  };
}

interface GuardedAction {
  kind: CustodyApprovalKind;
  address: string;
  amount: string | null;
  label: string | null;
  transferId: string | null;
}

function readGuardedAction(info: WireApprovalInfo): GuardedAction {
  if (info.type === 'transactionRequest') {
    const [recipient] = info.transactionRequest.recipients;
    return {
      kind: 'transfer',
      address: recipient?.address ?? '',
      amount: recipient?.amount ?? null,
      label: null,
      transferId: info.transactionRequest.transferId ?? null,
    };
  }
  const { condition } = info.policyRuleRequest.update;
  const [kind, item]: [CustodyApprovalKind, WireWhitelistItem] =
    'add' in condition ? ['whitelistAdd', condition.add] : ['whitelistRemove', condition.remove];
  return { kind, address: item.item, amount: null, label: item.metaData?.label ?? null, transferId: null };
}

function readPendingApproval(wire: WirePendingApproval, path: string): CustodyPendingApproval {
  const resolvers = wire.resolvers ?? [];
  return {
    id: wire.id,
    walletId: wire.wallet,
    coin: wire.coin,
    ...readGuardedAction(wire.info),
    state: wire.state,
    approvalsRequired: wire.approvalsRequired,
    approvalsReceived: resolvers.filter((resolver) => resolver.resolutionType === 'approved').length,
    creator: wire.creator,
    resolutions: resolvers.map((resolver, index) => ({
      userId: resolver.user,
      decision: resolver.resolutionType,
      date: date(resolver.date, `${path}/resolvers/${index}/date`),
      comment: resolver.comment ?? null,
    })),
    createdAt: date(wire.createDate, `${path}/createDate`),
    resolvedAt: optionalDate(wire.resolvedDate, `${path}/resolvedDate`),
  };
}

export function decodeWallet(body: unknown): CustodyWallet {
  const wire = checked(validateWallet, body);
  return {
    id: wire.id,
    coin: wire.coin,
    label: wire.label,
    type: wire.type,
    approvalsRequired: wire.approvalsRequired ?? 0,
    receiveAddress: readAddress(wire.receiveAddress),
  };
}

export function decodeWalletList(body: unknown): CustodyWallet[] {
  return checked(validateWalletList, body).wallets.map((wallet) => decodeWallet(wallet));
}

export function decodeAddress(body: unknown): CustodyAddress {
  return readAddress(checked(validateAddress, body));
}

export function decodeTransfer(body: unknown): CustodyTransfer {
  return readTransfer(checked(validateTransfer, body), '');
}

export function decodePendingApproval(body: unknown): CustodyPendingApproval {
  return readPendingApproval(checked(validatePendingApproval, body), '');
}

/**
 * The listed approvals of the kinds the platform reads (a transfer's, a whitelist change's), still
 * pending; each must then fit `pendingApproval` in full. A listed approval of another kind (a
 * policy rule other than the whitelist, a user change) is left out, not a bad answer.
 */
export function decodePendingApprovalList(body: unknown): CustodyPendingApproval[] {
  const listed = checked(validatePendingApprovalList, body).pendingApprovals;
  return listed.flatMap((item, index) => {
    if (!isReadableKind(item.info)) return [];
    const path = `/pendingApprovals/${index}`;
    const approval = readPendingApproval(checked(validatePendingApproval, item, path), path);
    return approval.state === 'pending' ? [approval] : [];
  });
}

/** A transfer's approval, or a policy rule's that updates the whitelist (BitGo's `advancedWhitelist`). */
function isReadableKind(info: ListedApproval['info']): boolean {
  if (info.type === 'transactionRequest') return true;
  if (info.type !== 'policyRuleRequest') return false;
  const update = info.policyRuleRequest?.update;
  return update?.type === undefined || update.type === 'advancedWhitelist';
}

export function decodeTransferList(body: unknown): TransferBatch {
  const wire = checked(validateTransferList, body);
  return {
    transfers: wire.transfers.map((transfer, index) => readTransfer(transfer, `/transfers/${index}`)),
    nextBatchPrevId: wire.nextBatchPrevId ?? null,
  };
}

export function decodeSendCoins(body: unknown): SendCoinsResult {
  const wire = checked(validateSendCoins, body);
  if (wire.status === 'signed') return { outcome: 'transfer', transfer: readTransfer(wire.transfer, '/transfer') };
  return {
    outcome: 'pendingApproval',
    pendingApproval: readPendingApproval(wire.pendingApproval, '/pendingApproval'),
    transfer: wire.transfer ? readTransfer(wire.transfer, '/transfer') : null,
  };
}

export function decodeWhitelistChange(body: unknown): WhitelistChangeResult {
  const wire = checked(validatePolicyRule, body);
  if ('pendingApproval' in wire) {
    return {
      outcome: 'pendingApproval',
      pendingApproval: readPendingApproval(wire.pendingApproval, '/pendingApproval'),
    };
  }
  const rule = wire.admin.policy.rules.find((candidate) => candidate.type === 'advancedWhitelist');
  const entries = rule?.condition?.entries ?? [];
  return {
    outcome: 'applied',
    whitelist: entries.map((entry) => ({ address: entry.item, label: entry.metaData?.label ?? null })),
  };
}

function readCoinBalance(coin: string, wire: WireCoinBalances): CustodyCoinBalance {
  return {
    coin,
    balance: wire.balanceString,
    confirmedBalance: wire.confirmedBalanceString,
    spendableBalance: wire.spendableBalanceString,
  };
}

/** The wallet's own coin first, then its tokens by coin id, whatever order the custodian sent them in. */
export function decodeWalletBalances(body: unknown): CustodyWalletBalances {
  const wire = checked(validateWalletBalances, body);
  const tokens = Object.entries(wire.tokens ?? {})
    .filter(([coin]) => coin !== wire.coin)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return {
    walletId: wire.id,
    coin: wire.coin,
    balances: [readCoinBalance(wire.coin, wire), ...tokens.map(([coin, token]) => readCoinBalance(coin, token))],
  };
}

/** The custodian's `{error, name, requestId}`, when the body is one; undefined otherwise. */
export function decodeErrorBody(body: unknown): CustodianErrorBody | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { error, name, requestId } = body as Record<string, unknown>;
  if (typeof error !== 'string' || error.trim() === '') return undefined;
  return {
    error,
    name: typeof name === 'string' && name !== '' ? name : 'Error',
    requestId: typeof requestId === 'string' && requestId !== '' ? requestId : null,
  };
}
