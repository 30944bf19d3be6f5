// Serves a custody provider (the simulator) over the custodian's REST shapes
// (docs/custody.md#the-simulator-over-http), so the HTTP client can be run against it: the
// tests do so over loopback, and a developer can point CUSTODY_URL at one. A node:http request
// listener: bearer-token check first, then one route per operation; failures answer the
// custodian's `{error, name, requestId}` with its status.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CustodyProviderError } from './custody-provider-error.ts';
import type { CustodyDecision, CustodyProvider, CustodyWalletType } from './custody-provider.ts';
import {
  encodeAddress,
  encodePendingApproval,
  encodePendingApprovalList,
  encodeSendCoins,
  encodeTransfer,
  encodeTransferBatch,
  encodeWallet,
  encodeWalletBalances,
  encodeWhitelistChange,
  type WireErrorBody,
} from './custody-wire-format.ts';
import { randomHexId } from './simulated-ids.ts';

export interface CustodySimulatorServerOptions {
  /** The bearer token every request must present. */
  accessToken: string;
  /** Largest request body read, in bytes; default 1 MiB. */
  maxBodyBytes?: number;
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

interface Reply {
  status: number;
  body: unknown;
}

/** A request the server refuses before the provider sees it. */
class BadRequest extends Error {
  readonly status: number;
  readonly errorName: string;
  constructor(message: string, status = 400, errorName = 'InvalidRequest') {
    super(message);
    this.status = status;
    this.errorName = errorName;
  }
}

type Body = Record<string, unknown>;
type Handler = (provider: CustodyProvider, match: string[], body: Body, query: URLSearchParams) => Promise<Reply>;

interface Route {
  method: string;
  pattern: RegExp;
  handle: Handler;
}

const ok = (body: unknown): Reply => ({ status: 200, body });

const routes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/api\/v2\/([^/]+)\/wallet\/add$/,
    handle: async (provider, [coin], body) => {
      const wallet = await provider.createWallet({
        coin: coin!,
        label: text(body, 'label'),
        type: text(body, 'type') as CustodyWalletType,
        ...optionalText(body, 'userPublicKey'),
        ...optionalInteger(body, 'approvalsRequired'),
        ...optionalText(body, 'clientReference'),
      });
      return ok(encodeWallet(wallet));
    },
  },
  {
    method: 'GET',
    pattern: /^\/api\/v2\/([^/]+)\/wallet$/,
    handle: async (provider, [coin], _body, query) => {
      const wallet = await provider.findWalletByReference(coin!, query.get('clientReference') ?? '');
      return ok({ wallets: wallet ? [encodeWallet(wallet)] : [] });
    },
  },
  {
    method: 'POST',
    pattern: /^\/api\/v2\/([^/]+)\/wallet\/([^/]+)\/address$/,
    handle: async (provider, [coin, walletId], body) =>
      ok(
        encodeAddress(
          await provider.createAddress({ coin: coin!, walletId: walletId!, ...optionalText(body, 'label') }),
        ),
      ),
  },
  {
    method: 'PUT',
    pattern: /^\/api\/v2\/([^/]+)\/wallet\/([^/]+)\/policy\/rule$/,
    handle: async (provider, [coin, walletId], body) => {
      if (body.type !== 'advancedWhitelist') throw new BadRequest('only advancedWhitelist rules can be updated');
      const condition = record(body, 'condition');
      const adding = 'add' in condition;
      const item = record(condition, adding ? 'add' : 'remove');
      const metaData = 'metaData' in item ? record(item, 'metaData') : {};
      const request = {
        coin: coin!,
        walletId: walletId!,
        address: text(item, 'item'),
        ...optionalText(metaData, 'label'),
        userId: text(body, 'actingUserId'),
      };
      const result = adding
        ? await provider.addWhitelistAddress(request)
        : await provider.removeWhitelistAddress(request);
      return ok(encodeWhitelistChange(coin!, walletId!, result));
    },
  },
  {
    method: 'POST',
    pattern: /^\/api\/v2\/([^/]+)\/wallet\/([^/]+)\/sendcoins$/,
    handle: async (provider, [coin, walletId], body) => {
      const result = await provider.sendCoins({
        coin: coin!,
        walletId: walletId!,
        address: text(body, 'address'),
        amount: text(body, 'amount'),
        ...optionalText(body, 'sequenceId'),
        ...optionalText(body, 'comment'),
        userId: text(body, 'actingUserId'),
      });
      return ok(encodeSendCoins(result));
    },
  },
  {
    method: 'GET',
    // `…/wallet/add` is the creation's route (POST only), never a wallet id.
    pattern: /^\/api\/v2\/([^/]+)\/wallet\/(?!add$)([^/]+)$/,
    handle: async (provider, [coin, walletId]) =>
      ok(encodeWalletBalances(await provider.getWalletBalances(coin!, walletId!))),
  },
  {
    method: 'GET',
    pattern: /^\/api\/v2\/([^/]+)\/wallet\/([^/]+)\/transfer$/,
    handle: async (provider, [coin, walletId], _body, query) => {
      const batch = await provider.listTransfers({ coin: coin!, walletId: walletId!, ...listOptions(query) });
      return ok(encodeTransferBatch(coin!, batch));
    },
  },
  {
    method: 'GET',
    pattern: /^\/api\/v2\/([^/]+)\/wallet\/([^/]+)\/transfer\/([^/]+)$/,
    handle: async (provider, [coin, walletId, transferId]) =>
      ok(encodeTransfer(await provider.getTransfer(coin!, walletId!, transferId!))),
  },
  {
    method: 'GET',
    pattern: /^\/api\/v2\/pendingapprovals$/,
    handle: async (provider, _match, _body, query) => {
      const walletId = query.get('walletId');
      // BitGo lists by wallet or by enterprise; this custodian has no enterprises.
      if (walletId === null) throw new BadRequest('walletId is required');
      return ok(encodePendingApprovalList(await provider.listPendingApprovals(walletId)));
    },
  },
  {
    method: 'GET',
    pattern: /^\/api\/v2\/pendingapprovals\/([^/]+)$/,
    handle: async (provider, [approvalId]) => ok(encodePendingApproval(await provider.getPendingApproval(approvalId!))),
  },
  {
    method: 'PUT',
    pattern: /^\/api\/v2\/pendingapprovals\/([^/]+)$/,
    handle: async (provider, [approvalId], body) => {
      const decision = text(body, 'state');
      if (decision !== 'approved' && decision !== 'rejected')
        throw new BadRequest('state must be approved or rejected');
      const approval = await provider.resolvePendingApproval({
        approvalId: approvalId!,
        decision: decision satisfies CustodyDecision,
        userId: text(body, 'actingUserId'),
        ...optionalText(body, 'comment'),
      });
      return ok(encodePendingApproval(approval));
    },
  },
];

export function createCustodySimulatorHandler(
  provider: CustodyProvider,
  options: CustodySimulatorServerOptions,
): RequestListener {
  const expectedDigest = digest(`Bearer ${options.accessToken}`);
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  return (request, response) => {
    answer(request, provider, expectedDigest, maxBodyBytes).then(
      (reply) => send(response, reply),
      (error: unknown) => send(response, errorReply(error)),
    );
  };
}

async function answer(
  request: IncomingMessage,
  provider: CustodyProvider,
  expectedDigest: Buffer,
  maxBodyBytes: number,
): Promise<Reply> {
  if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expectedDigest)) {
    throw new BadRequest('a valid bearer access token is required', 401, 'Unauthorized');
  }
  const rawBody = await readBody(request, maxBodyBytes);
  const url = new URL(request.url ?? '/', 'http://custodian');
  for (const route of routes) {
    const match = route.pattern.exec(url.pathname);
    if (!match || route.method !== request.method) continue;
    const segments = match.slice(1).map(decodeSegment);
    return route.handle(provider, segments, parseBody(rawBody), url.searchParams);
  }
  throw new BadRequest(`no route for ${request.method ?? ''} ${url.pathname}`, 404, 'NotFound');
}

/** Hashing both sides first gives equal lengths, so the comparison leaks nothing, not even the length. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

async function readBody(request: IncomingMessage, maxBodyBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxBodyBytes) throw new BadRequest(`the body is larger than ${maxBodyBytes} bytes`, 413);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(raw: string): Body {
  if (raw === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BadRequest('the body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BadRequest('the body must be a JSON object');
  }
  return parsed as Body;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new BadRequest('a path segment is not valid percent-encoding');
  }
}

function text(body: Body, name: string): string {
  const value = body[name];
  if (typeof value !== 'string') throw new BadRequest(`${name} must be a string`);
  return value;
}

function optionalText(body: Body, name: string): Record<string, string> {
  return body[name] === undefined || body[name] === null ? {} : { [name]: text(body, name) };
}

function optionalInteger(body: Body, name: string): Record<string, number> {
  const value = body[name];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'number') throw new BadRequest(`${name} must be a number`);
  return { [name]: value };
}

function record(body: Body, name: string): Body {
  const value = body[name];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequest(`${name} must be an object`);
  }
  return value as Body;
}

function listOptions(query: URLSearchParams): { prevId?: string; dateGte?: Date; limit?: number } {
  const options: { prevId?: string; dateGte?: Date; limit?: number } = {};
  const prevId = query.get('prevId');
  if (prevId !== null) options.prevId = prevId;
  const dateGte = query.get('dateGte');
  if (dateGte !== null) {
    const parsed = new Date(dateGte);
    if (!Number.isFinite(parsed.getTime())) throw new BadRequest('dateGte must be an ISO 8601 date');
    options.dateGte = parsed;
  }
  const limit = query.get('limit');
  if (limit !== null) {
    if (!/^[0-9]{1,6}$/.test(limit)) throw new BadRequest('limit must be a whole number');
    options.limit = Number(limit);
  }
  return options;
}

function errorReply(error: unknown): Reply {
  if (error instanceof BadRequest) return failure(error.status, error.message, error.errorName, randomHexId());
  if (error instanceof CustodyProviderError) {
    if (error.custodian && error.providerStatus !== undefined) {
      const { custodian } = error;
      return failure(error.providerStatus, custodian.error, custodian.name, custodian.requestId ?? randomHexId());
    }
    // The provider's own check of the request (VALIDATION_FAILED): the custodian's 400.
    if (error.reason === 'invalidRequest') return failure(400, error.message, 'InvalidRequest', randomHexId());
  }
  return failure(500, 'internal error', 'InternalError', randomHexId());
}

function failure(status: number, message: string, name: string, requestId: string): Reply {
  const body: WireErrorBody = { error: message, name, requestId };
  return { status, body };
}

function send(response: ServerResponse, reply: Reply): void {
  const text = JSON.stringify(reply.body);
  response.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
