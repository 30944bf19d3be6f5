// HTTP client of a BitGo-compatible custodian (docs/custody.md#the-http-client): bearer-token
// authentication, BitGo's REST paths (custody-wire-format.ts), one deadline per request covering
// the body too, answers checked for shape before use (custody-wire-decode.ts). It never retries:
// a send is only safe to repeat with its sequenceId, which is the caller's decision. The access
// token goes into the Authorization header and nowhere else: custodian text is scrubbed of it
// before it reaches an error or a log.
import type { Logger } from 'pino';
import {
  boundedText,
  custodianAnswerError,
  custodianBadResponse,
  custodianUnavailable,
  CustodyProviderError,
  type CustodianErrorBody,
} from './custody-provider-error.ts';
import type { CustodyProvider, ListTransfersRequest } from './custody-provider.ts';
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
  decodeAddress,
  decodeErrorBody,
  decodePendingApproval,
  decodeSendCoins,
  decodeTransfer,
  decodeTransferList,
  decodeWallet,
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

export const defaultCustodyTimeoutMs = 10_000;
/** Larger answers are refused unread: a transfer batch of 500 is well under 1 MiB. */
export const maxCustodyAnswerBytes = 8 * 1024 * 1024;
const maxRetryAfterSeconds = 3600;

export interface CustodyHttpClientOptions {
  /** Base URL of the custodian; a path prefix (a proxy) is kept, credentials in it are not. */
  url: string;
  accessToken: string;
  timeoutMs?: number;
  logger: Logger;
  fetch?: typeof fetch;
}

interface Call {
  operation: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  /** Logged with the outcome: which wallet or approval, never a secret. */
  context: Record<string, unknown>;
}

interface Answer {
  status: number;
  body: unknown;
}

type Send = (call: Call) => Promise<Answer>;

export function createCustodyHttpClient(options: CustodyHttpClientOptions): CustodyProvider {
  const send = createSender(options);
  /** Sends, decodes, and runs `check` on the result: a misfit of either is a bad answer. */
  const read = async <T>(call: Call, decode: (body: unknown) => T, check?: (result: T) => void): Promise<T> => {
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

  return {
    async createWallet(request) {
      assertValidCreateWallet(request);
      const body: WireCreateWalletBody = { label: request.label, type: request.type };
      if (request.userPublicKey !== undefined) body.userPublicKey = request.userPublicKey;
      if (request.approvalsRequired !== undefined) body.approvalsRequired = request.approvalsRequired;
      const call = {
        operation: 'createWallet',
        method: 'POST',
        path: `/api/v2/${segment(request.coin)}/wallet/add`,
        body,
        context: { coin: request.coin },
      } as const;
      return read(call, decodeWallet);
    },

    async createAddress(request) {
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
    },

    async addWhitelistAddress(request) {
      assertValidWhitelistChange('addWhitelistAddress', request);
      const item =
        request.label === undefined
          ? { type: 'address' as const, item: request.address }
          : { type: 'address' as const, item: request.address, metaData: { label: request.label } };
      return read(
        policyCall('addWhitelistAddress', request.coin, request.walletId, { add: item }, request.userId),
        decodeWhitelistChange,
      );
    },

    async removeWhitelistAddress(request) {
      assertValidWhitelistChange('removeWhitelistAddress', request);
      const item = { type: 'address' as const, item: request.address };
      return read(
        policyCall('removeWhitelistAddress', request.coin, request.walletId, { remove: item }, request.userId),
        decodeWhitelistChange,
      );
    },

    async sendCoins(request) {
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
    },

    async getPendingApproval(approvalId) {
      assertValidApprovalId('getPendingApproval', approvalId);
      const call = {
        operation: 'getPendingApproval',
        method: 'GET',
        path: `/api/v2/pendingapprovals/${segment(approvalId)}`,
        context: { approvalId },
      } as const;
      return read(call, decodePendingApproval, (approval) => expectSame('pending approval', approval.id, approvalId));
    },

    async resolvePendingApproval(request) {
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
    },

    async getTransfer(coin, walletId, transferId) {
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
    },

    async listTransfers(request) {
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
    },
  };

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

function createSender(options: CustodyHttpClientOptions): Send {
  const base = new URL(options.url);
  const prefix = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const timeoutMs = options.timeoutMs ?? defaultCustodyTimeoutMs;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const { accessToken, logger } = options;
  const scrub = (text: string) => boundedText(text.split(accessToken).join('[redacted]'));

  return async (call) => {
    const started = performance.now();
    const context = { provider: 'custody', operation: call.operation, ...call.context };
    try {
      const answer = await exchange(call);
      logger.debug(
        { ...context, status: answer.status, ms: Math.round(performance.now() - started) },
        'custodian answered',
      );
      return answer;
    } catch (error) {
      // Logged here too: the error handler logs only the error, which would lose the call's context.
      // A refusal or an outage the caller tells its client about is logged at warn by that caller,
      // with the request's id (src/domain/wallets/provider-failure-messages.ts): here only at debug.
      const level = error instanceof CustodyProviderError && error.code !== 'INTERNAL' ? 'debug' : 'warn';
      logger[level](
        { ...context, ms: Math.round(performance.now() - started), err: error },
        'custodian request failed',
      );
      throw error;
    }
  };

  async function exchange(call: Call): Promise<Answer> {
    const query = call.query ? `?${call.query.toString()}` : '';
    const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' };
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      // `manual`: a redirect is an answer this client does not expect, not a place to send the token.
      response = await fetchFn(`${prefix}${call.path}${query}`, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await readBounded(response, call.operation);
    } catch (error) {
      if (error instanceof CustodyProviderError) throw error;
      throw networkFailure(error, call.operation, timeoutMs, scrub);
    }
    const body = parseJson(text);
    if (response.status < 200 || response.status > 299) {
      throw custodianAnswerError(
        call.operation,
        response.status,
        scrubbed(decodeErrorBody(body), scrub),
        retryAfter(response),
      );
    }
    if (body === undefined) {
      throw custodianBadResponse(
        `custodian answered ${call.operation} with HTTP ${response.status} and a body that is not JSON`,
        response.status,
      );
    }
    return { status: response.status, body };
  }
}

async function readBounded(response: Response, operation: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxCustodyAnswerBytes) {
    await response.body?.cancel();
    throw custodianBadResponse(
      `custodian answered ${operation} with ${declared} bytes, more than the ${maxCustodyAnswerBytes} accepted`,
      response.status,
    );
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > maxCustodyAnswerBytes) {
    throw custodianBadResponse(
      `custodian answered ${operation} with ${bytes.length} bytes, more than the ${maxCustodyAnswerBytes} accepted`,
      response.status,
    );
  }
  return bytes.toString('utf8');
}

function networkFailure(error: unknown, operation: string, timeoutMs: number, scrub: (text: string) => string) {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return custodianUnavailable(`custodian did not answer ${operation} within the ${timeoutMs} ms timeout`, error);
  }
  return custodianUnavailable(`custodian could not be reached for ${operation}: ${scrub(describe(error))}`, error);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

function scrubbed(
  body: CustodianErrorBody | undefined,
  scrub: (text: string) => string,
): CustodianErrorBody | undefined {
  if (!body) return undefined;
  return {
    error: scrub(body.error),
    name: scrub(body.name),
    requestId: body.requestId === null ? null : scrub(body.requestId),
  };
}

/** Retry-After in whole seconds (the date form is rare from APIs and not worth parsing). */
function retryAfter(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (header === null || !/^[0-9]{1,6}$/.test(header.trim())) return undefined;
  return Math.min(Number(header.trim()), maxRetryAfterSeconds);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
