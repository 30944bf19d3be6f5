// Checks of custody requests before anything is sent (docs/custody.md#the-port): the HTTP client
// and the simulator both run them, so malformed input fails the same way (VALIDATION_FAILED,
// reason `invalidRequest`, `details` naming each field) whichever provider is configured.
import type { ErrorDetail } from '../../errors/app-error.ts';
import { invalidCustodyRequest } from './custody-provider-error.ts';
import {
  custodyWalletTypes,
  maxTransferBatchSize,
  type CreateAddressRequest,
  type CreateWalletRequest,
  type ListTransfersRequest,
  type ResolveApprovalRequest,
  type SendCoinsRequest,
  type WhitelistChangeRequest,
} from './custody-provider.ts';

/** The custodian's coin ids: lower case, tokens may carry their chain (`eth:usdc`). */
const coinPattern = /^[a-z0-9][a-z0-9:_-]{0,39}$/;
/** Wallet, address and transfer ids: lowercase hex; the custodian's are 32 characters, older ones 24. */
const objectIdPattern = /^[0-9a-f]{24,64}$/;
/** A creation's `clientReference`: 1 to 64 letters, digits, `-` or `_` (a UUID fits). */
const clientReferencePattern = /^[A-Za-z0-9_-]{1,64}$/;

function clientReference(value: unknown): Check {
  return matches('clientReference', value, clientReferencePattern, '1 to 64 letters, digits, - or _');
}
/** Pending-approval ids: exactly 32 lowercase hex characters (`schema.graphql` `PendingApproval.id`). */
export const approvalIdPattern = /^[0-9a-f]{32}$/;
/** A positive integer in base units, no sign, no leading zero, at most 78 digits (2^256 has 78). */
const baseUnitsPattern = /^[1-9][0-9]{0,77}$/;
const maxLabelLength = 250;
const maxCommentLength = 256;
const maxUserIdLength = 255;
const maxSequenceIdLength = 256;
const maxAddressLength = 128;
const maxPublicKeyLength = 1024;
export const maxApprovalsRequired = 10;

type Check = (details: ErrorDetail[]) => void;

function run(operation: string, checks: Check[]): void {
  const details: ErrorDetail[] = [];
  for (const check of checks) check(details);
  if (details.length > 0) throw invalidCustodyRequest(operation, details);
}

function matches(path: string, value: unknown, pattern: RegExp, what: string): Check {
  return (details) => {
    if (typeof value !== 'string' || !pattern.test(value)) details.push({ path, message: `${path} must be ${what}` });
  };
}

function text(path: string, value: unknown, options: { max: number; required: boolean }): Check {
  return (details) => {
    if (value === undefined && !options.required) return;
    if (typeof value !== 'string' || value.trim() === '' || value.length > options.max) {
      details.push({ path, message: `${path} must be 1 to ${options.max} characters, not blank` });
    }
  };
}

function address(path: string, value: unknown): Check {
  return matches(
    path,
    value,
    new RegExp(`^[\\x21-\\x7e]{1,${maxAddressLength}}$`),
    `an address of 1 to ${maxAddressLength} printable characters`,
  );
}

const coin = (value: unknown) => matches('coin', value, coinPattern, 'a lowercase coin id such as btc or eth');
const walletId = (value: unknown) => matches('walletId', value, objectIdPattern, 'a lowercase hexadecimal wallet id');
const userId = (value: unknown) => text('userId', value, { max: maxUserIdLength, required: true });

export function assertValidCreateWallet(request: CreateWalletRequest): void {
  run('createWallet', [
    coin(request.coin),
    text('label', request.label, { max: maxLabelLength, required: true }),
    (details) => {
      if (!custodyWalletTypes.includes(request.type)) {
        details.push({ path: 'type', message: `type must be one of ${custodyWalletTypes.join(', ')}` });
        return;
      }
      const needsKey = request.type !== 'custodial';
      if (needsKey && request.userPublicKey === undefined) {
        details.push({ path: 'userPublicKey', message: `userPublicKey is required for ${request.type} wallets` });
      } else if (!needsKey && request.userPublicKey !== undefined) {
        details.push({ path: 'userPublicKey', message: 'userPublicKey must be absent for custodial wallets' });
      } else if (needsKey) {
        text('userPublicKey', request.userPublicKey, { max: maxPublicKeyLength, required: true })(details);
      }
    },
    (details) => {
      if (request.clientReference !== undefined) clientReference(request.clientReference)(details);
    },
    (details) => {
      const approvals = request.approvalsRequired;
      if (approvals === undefined) return;
      if (!Number.isInteger(approvals) || approvals < 0 || approvals > maxApprovalsRequired) {
        details.push({
          path: 'approvalsRequired',
          message: `approvalsRequired must be an integer from 0 to ${maxApprovalsRequired}`,
        });
      }
    },
  ]);
}

export function assertValidCreateAddress(request: CreateAddressRequest): void {
  run('createAddress', [
    coin(request.coin),
    walletId(request.walletId),
    text('label', request.label, { max: maxLabelLength, required: false }),
  ]);
}

export function assertValidWhitelistChange(operation: string, request: WhitelistChangeRequest): void {
  run(operation, [
    coin(request.coin),
    walletId(request.walletId),
    address('address', request.address),
    text('label', request.label, { max: maxLabelLength, required: false }),
    userId(request.userId),
  ]);
}

export function assertValidSendCoins(request: SendCoinsRequest): void {
  run('sendCoins', [
    coin(request.coin),
    walletId(request.walletId),
    address('address', request.address),
    matches('amount', request.amount, baseUnitsPattern, 'a positive integer in base units, as a decimal string'),
    text('sequenceId', request.sequenceId, { max: maxSequenceIdLength, required: false }),
    text('comment', request.comment, { max: maxCommentLength, required: false }),
    userId(request.userId),
  ]);
}

export function assertValidApprovalId(operation: string, approvalId: string): void {
  run(operation, [matches('approvalId', approvalId, approvalIdPattern, '32 lowercase hexadecimal characters')]);
}

export function assertValidResolveApproval(request: ResolveApprovalRequest): void {
  run('resolvePendingApproval', [
    matches('approvalId', request.approvalId, approvalIdPattern, '32 lowercase hexadecimal characters'),
    (details) => {
      if (request.decision !== 'approved' && request.decision !== 'rejected') {
        details.push({ path: 'decision', message: 'decision must be approved or rejected' });
      }
    },
    userId(request.userId),
    text('comment', request.comment, { max: maxCommentLength, required: false }),
  ]);
}

export function assertValidGetTransfer(coinId: string, wallet: string, transferId: string): void {
  run('getTransfer', [
    coin(coinId),
    walletId(wallet),
    matches('transferId', transferId, objectIdPattern, 'a lowercase hexadecimal transfer id'),
  ]);
}

export function assertValidFindWalletByReference(coinId: string, reference: string): void {
  run('findWalletByReference', [coin(coinId), clientReference(reference)]);
}

export function assertValidListPendingApprovals(wallet: string): void {
  run('listPendingApprovals', [walletId(wallet)]);
}

export function assertValidGetWalletBalances(coinId: string, wallet: string): void {
  run('getWalletBalances', [coin(coinId), walletId(wallet)]);
}

export function assertValidListTransfers(request: ListTransfersRequest): void {
  run('listTransfers', [
    coin(request.coin),
    walletId(request.walletId),
    (details) => {
      if (request.prevId !== undefined && !objectIdPattern.test(request.prevId)) {
        details.push({ path: 'prevId', message: 'prevId must be a lowercase hexadecimal transfer id' });
      }
      if (
        request.dateGte !== undefined &&
        !(request.dateGte instanceof Date && Number.isFinite(request.dateGte.getTime()))
      ) {
        details.push({ path: 'dateGte', message: 'dateGte must be a valid date' });
      }
      const { limit } = request;
      if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= maxTransferBatchSize)) {
        details.push({ path: 'limit', message: `limit must be an integer from 1 to ${maxTransferBatchSize}` });
      }
    },
  ]);
}
