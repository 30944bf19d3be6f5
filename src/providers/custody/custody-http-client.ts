// HTTP client of a BitGo-compatible custodian (docs/custody.md#the-http-client): bearer-token
// authentication, BitGo's REST paths (custody-wire-format.ts), one deadline per request covering
// the body too (custody-http-exchange.ts), answers checked for shape before use
// (custody-wire-decode.ts). It never retries: a send is only safe to repeat with its sequenceId,
// which is the caller's decision.
import { type Call, type CustodyExchangeOptions, createSender } from './custody-http-exchange.ts';
import { custodianBadResponse } from './custody-provider-error.ts';
import type {
  CustodyAddress,
  CreateAddressRequest,
  CreateWalletRequest,
  CustodyProvider,
  ListTransfersRequest,
  CustodyPendingApproval,
  ResolveApprovalRequest,
  SendCoinsRequest,
  SendCoinsResult,
  TransferBatch,
  CustodyTransfer,
  CustodyWallet,
  CustodyWalletBalances,
  WhitelistChangeRequest,
  WhitelistChangeResult,
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
import {
  decodeAddress,
  decodePendingApproval,
  decodePendingApprovalList,
  decodeSendCoins,
  decodeTransfer,
  decodeTransferList,
  decodeWallet,
  decodeWalletBalances,
  decodeWalletList,
  decodeWhitelistChange,
  UnexpectedCustodyAnswer,
} from './custody-wire-decode.ts';
import {
  whitelistRuleId,
  type WireCreateAddressBody,
  type WireCreateWalletBody,
  type WirePolicyRuleBody,
  type WireResolveApprovalBody,
  type WireSendCoinsBody,
} from './custody-wire-format.ts';

export { defaultCustodyTimeoutMs, maxCustodyAnswerBytes } from './custody-http-exchange.ts';

export type CustodyHttpClientOptions = CustodyExchangeOptions;

/** Sends, decodes, and runs `check` on the result: a misfit of either is a bad answer. */
type Read = <T>(call: Call, decode: (body: unknown) => T, check?: (result: T) => void) => Promise<T>;

export function createCustodyHttpClient(options: CustodyHttpClientOptions): CustodyProvider {
  const read = createReader(options);
  return {
    createWallet: (request) => createWallet(read, request),
    findWalletByReference: (coin, reference) => findWalletByReference(read, coin, reference),
    createAddress: (request) => createAddress(read, request),
    addWhitelistAddress: (request) => addWhitelistAddress(read, request),
    removeWhitelistAddress: (request) => removeWhitelistAddress(read, request),
    sendCoins: (request) => sendCoins(read, request),
    getPendingApproval: (approvalId) => getPendingApproval(read, approvalId),
    listPendingApprovals: (walletId) => listPendingApprovals(read, walletId),
    resolvePendingApproval: (request) => resolvePendingApproval(read, request),
    getTransfer: (coin, walletId, transferId) => getTransfer(read, coin, walletId, transferId),
    listTransfers: (request) => listTransfers(read, request),
    getWalletBalances: (coin, walletId) => getWalletBalances(read, coin, walletId),
  };
}

function createReader(options: CustodyHttpClientOptions): Read {
  const send = createSender(options);
  return async (call, decode, check) => {
    const answer = await send(call);
    try {
      const result = decode(answer.body);
      check?.(result);
      return result;
    } catch (error) {
      if (!(error instanceof UnexpectedCustodyAnswer)) throw error;
      throw custodianBadResponse(
        `custodian answered ${call.operation} with HTTP ${answer.status} and an unexpected body: ${error.message}`,
        answer.status,
      );
    }
  };
}

async function createWallet(read: Read, request: CreateWalletRequest): Promise<CustodyWallet> {
  assertValidCreateWallet(request);
  const body: WireCreateWalletBody = { label: request.label, type: request.type };
  if (request.userPublicKey !== undefined) body.userPublicKey = request.userPublicKey;
  if (request.approvalsRequired !== undefined) body.approvalsRequired = request.approvalsRequired;
  if (request.clientReference !== undefined) body.clientReference = request.clientReference;
  const call = {
    operation: 'createWallet',
    method: 'POST',
    path: `/api/v2/${segment(request.coin)}/wallet/add`,
    body,
    context: { coin: request.coin },
  } as const;
  return read(call, decodeWallet);
}

/** The custodian's wallet list filtered by the creation's reference: at most one wallet. */
async function findWalletByReference(read: Read, coin: string, reference: string): Promise<CustodyWallet | null> {
  assertValidFindWalletByReference(coin, reference);
  const call = {
    operation: 'findWalletByReference',
    method: 'GET',
    path: `/api/v2/${segment(coin)}/wallet`,
    query: new URLSearchParams({ clientReference: reference }),
    context: { coin },
  } as const;
  const wallets = await read(call, decodeWalletList);
  return wallets[0] ?? null;
}

async function createAddress(read: Read, request: CreateAddressRequest): Promise<CustodyAddress> {
  assertValidCreateAddress(request);
  const body: WireCreateAddressBody = request.label === undefined ? {} : { label: request.label };
  const call = {
    operation: 'createAddress',
    method: 'POST',
    path: `${walletPath(request.coin, request.walletId)}/address`,
    body,
    context: { coin: request.coin, walletId: request.walletId },
  } as const;
  return read(call, decodeAddress, (address) => expectSame('wallet', address.walletId, request.walletId));
}

async function addWhitelistAddress(read: Read, request: WhitelistChangeRequest): Promise<WhitelistChangeResult> {
  assertValidWhitelistChange('addWhitelistAddress', request);
  const item =
    request.label === undefined
      ? { type: 'address' as const, item: request.address }
      : { type: 'address' as const, item: request.address, metaData: { label: request.label } };
  return read(
    policyCall('addWhitelistAddress', request.coin, request.walletId, { add: item }, request.userId),
    decodeWhitelistChange,
  );
}

async function removeWhitelistAddress(read: Read, request: WhitelistChangeRequest): Promise<WhitelistChangeResult> {
  assertValidWhitelistChange('removeWhitelistAddress', request);
  const item = { type: 'address' as const, item: request.address };
  return read(
    policyCall('removeWhitelistAddress', request.coin, request.walletId, { remove: item }, request.userId),
    decodeWhitelistChange,
  );
}

async function sendCoins(read: Read, request: SendCoinsRequest): Promise<SendCoinsResult> {
  assertValidSendCoins(request);
  const body: WireSendCoinsBody = {
    address: request.address,
    amount: request.amount,
    actingUserId: request.userId,
  };
  if (request.sequenceId !== undefined) body.sequenceId = request.sequenceId;
  if (request.comment !== undefined) body.comment = request.comment;
  const call = {
    operation: 'sendCoins',
    method: 'POST',
    path: `${walletPath(request.coin, request.walletId)}/sendcoins`,
    body,
    context: { coin: request.coin, walletId: request.walletId, sequenceId: request.sequenceId },
  } as const;
  return read(call, decodeSendCoins, (result) =>
    expectSame(
      'wallet',
      result.outcome === 'transfer' ? result.transfer.walletId : result.pendingApproval.walletId,
      request.walletId,
    ),
  );
}

async function getPendingApproval(read: Read, approvalId: string): Promise<CustodyPendingApproval> {
  assertValidApprovalId('getPendingApproval', approvalId);
  const call = {
    operation: 'getPendingApproval',
    method: 'GET',
    path: `/api/v2/pendingapprovals/${segment(approvalId)}`,
    context: { approvalId },
  } as const;
  return read(call, decodePendingApproval, (approval) => expectSame('pending approval', approval.id, approvalId));
}

async function listPendingApprovals(read: Read, walletId: string): Promise<CustodyPendingApproval[]> {
  assertValidListPendingApprovals(walletId);
  const call = {
    operation: 'listPendingApprovals',
    method: 'GET',
    path: '/api/v2/pendingapprovals',
    query: new URLSearchParams({ walletId }),
    context: { walletId },
  } as const;
  return read(call, decodePendingApprovalList, (approvals) => {
    for (const approval of approvals) expectSame('wallet', approval.walletId, walletId);
  });
}

async function resolvePendingApproval(read: Read, request: ResolveApprovalRequest): Promise<CustodyPendingApproval> {
  assertValidResolveApproval(request);
  const body: WireResolveApprovalBody = { state: request.decision, actingUserId: request.userId };
  if (request.comment !== undefined) body.comment = request.comment;
  const call = {
    operation: 'resolvePendingApproval',
    method: 'PUT',
    path: `/api/v2/pendingapprovals/${segment(request.approvalId)}`,
    body,
    context: { approvalId: request.approvalId, decision: request.decision },
  } as const;
  return read(call, decodePendingApproval, (approval) =>
    expectSame('pending approval', approval.id, request.approvalId),
  );
}

async function getTransfer(read: Read, coin: string, walletId: string, transferId: string): Promise<CustodyTransfer> {
  assertValidGetTransfer(coin, walletId, transferId);
  const call = {
    operation: 'getTransfer',
    method: 'GET',
    path: `${walletPath(coin, walletId)}/transfer/${segment(transferId)}`,
    context: { coin, walletId, transferId },
  } as const;
  return read(call, decodeTransfer, (transfer) => {
    expectSame('transfer', transfer.id, transferId);
    expectSame('wallet', transfer.walletId, walletId);
  });
}

async function listTransfers(read: Read, request: ListTransfersRequest): Promise<TransferBatch> {
  assertValidListTransfers(request);
  const call = {
    operation: 'listTransfers',
    method: 'GET',
    path: `${walletPath(request.coin, request.walletId)}/transfer`,
    query: listQuery(request),
    context: { coin: request.coin, walletId: request.walletId, prevId: request.prevId },
  } as const;
  return read(call, decodeTransferList, (batch) => {
    for (const transfer of batch.transfers) expectSame('wallet', transfer.walletId, request.walletId);
  });
}

async function getWalletBalances(read: Read, coin: string, walletId: string): Promise<CustodyWalletBalances> {
  assertValidGetWalletBalances(coin, walletId);
  const call = {
    operation: 'getWalletBalances',
    method: 'GET',
    path: walletPath(coin, walletId),
    context: { coin, walletId },
  } as const;
  return read(call, decodeWalletBalances, (wallet) => expectSame('wallet', wallet.walletId, walletId));
}

function policyCall(
  operation: string,
  coin: string,
  walletId: string,
  condition: WirePolicyRuleBody['condition'],
  userId: string,
): Call {
  const body: WirePolicyRuleBody = {
    id: whitelistRuleId,
    type: 'advancedWhitelist',
    condition,
    action: { type: 'deny' },
    actingUserId: userId,
  };
  return {
    operation,
    method: 'PUT',
    path: `${walletPath(coin, walletId)}/policy/rule`,
    body,
    context: { coin, walletId },
  };
}

function segment(value: string): string {
  return encodeURIComponent(value);
}

function walletPath(coin: string, walletId: string): string {
  return `/api/v2/${segment(coin)}/wallet/${segment(walletId)}`;
}

function listQuery(request: ListTransfersRequest): URLSearchParams {
  const query = new URLSearchParams({ allTokens: 'true' });
  if (request.limit !== undefined) query.set('limit', String(request.limit));
  if (request.prevId !== undefined) query.set('prevId', request.prevId);
  if (request.dateGte !== undefined) query.set('dateGte', request.dateGte.toISOString());
  return query;
}

/** An answer about another wallet or record than asked: a custodian (or a proxy) mixing answers up. */
function expectSame(what: string, got: string, wanted: string): void {
  if (got !== wanted) throw new UnexpectedCustodyAnswer(`it is about ${what} ${got}, not ${wanted}`);
}
