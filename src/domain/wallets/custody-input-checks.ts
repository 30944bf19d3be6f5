// Checks of the custody mutations' input (schema.graphql `BitgoSendTransactionInput`,
// `BitgoResolveApprovalInput`, `BitgoSyncWalletTransactionsInput`) before anything is read or sent:
// every failing field is named at once (VALIDATION_FAILED with `field`), and what passes comes back
// in the one form the rest uses (coin symbols upper case, approval ids lower case).
import { positiveBaseUnitsPattern } from '../money/base-units.ts';
import { undisplayableText } from '../text/display-text.ts';
import { type UserError, userError } from '../outcomes/user-error.ts';
import { UserFailure } from '../outcomes/user-failure.ts';
import { unstorableText } from '../text/storable-text.ts';

const maxWalletId = 2_147_483_647;
const maxAddressLength = 128;
const maxCommentLength = 256;
const maxIdempotencyKeyLength = 100;
/** Cursors this service hands out are far shorter; anything longer is not one of them. */
export const maxCursorLength = 1_000;

export interface SendTransferInput {
  walletId: number;
  address: string;
  amount: string;
  coin?: string | null;
  comment?: string | null;
  idempotencyKey?: string | null;
}

export interface CheckedSendTransfer {
  walletId: number;
  address: string;
  /** Base units, a positive whole number as decimal digits. */
  amount: string;
  /** Upper case; null: the wallet's coin. */
  coin: string | null;
  comment: string | null;
  idempotencyKey: string | null;
}

export interface ResolveApprovalInput {
  approvalId: string;
  decision: 'APPROVE' | 'REJECT';
  comment?: string | null;
}

export interface SyncTransfersInput {
  walletId: number;
  cursor?: string | null;
}

type Check = (errors: UserError[]) => void;

function run(checks: Check[]): void {
  const errors: UserError[] = [];
  for (const check of checks) check(errors);
  if (errors.length > 0) throw new UserFailure(errors);
}

const walletIdCheck =
  (walletId: number): Check =>
  (errors) => {
    if (!Number.isInteger(walletId) || walletId < 1 || walletId > maxWalletId)
      errors.push(
        userError(
          'VALIDATION_FAILED',
          `walletId must be a wallet id: a whole number from 1 to ${maxWalletId}`,
          'walletId',
        ),
      );
  };

/** A comment is a note and may break lines (docs/custody.md#wallet-operations); other text is one line. */
function optionalText(field: string, value: string | null | undefined, max: number, multiline = false): Check {
  return (errors) => {
    if (value === null || value === undefined) return;
    const problem =
      value.trim() === ''
        ? 'is blank'
        : value.length > max
          ? `is longer than ${max} characters`
          : (unstorableText(value) ?? undisplayableText(value, { multiline }));
    if (problem) errors.push(userError('VALIDATION_FAILED', `${field} ${problem}`, field));
  };
}

export function checkSendTransfer(input: SendTransferInput): CheckedSendTransfer {
  run([
    walletIdCheck(input.walletId),
    (errors) => {
      if (!new RegExp(`^[\\x21-\\x7e]{1,${maxAddressLength}}$`).test(input.address))
        errors.push(
          userError(
            'VALIDATION_FAILED',
            `address must be 1 to ${maxAddressLength} printable characters without spaces`,
            'address',
          ),
        );
    },
    (errors) => {
      if (!positiveBaseUnitsPattern.test(input.amount))
        errors.push(
          userError(
            'VALIDATION_FAILED',
            'amount must be a positive whole number of base units (satoshi, wei) in decimal digits, for example "150000"',
            'amount',
          ),
        );
    },
    (errors) => {
      if (input.coin !== null && input.coin !== undefined && !/^[A-Za-z0-9]{1,15}$/.test(input.coin))
        errors.push(
          userError('VALIDATION_FAILED', 'coin must be an asset symbol of 1 to 15 letters or digits', 'coin'),
        );
    },
    optionalText('comment', input.comment, maxCommentLength, true),
    optionalText('idempotencyKey', input.idempotencyKey, maxIdempotencyKeyLength),
  ]);
  return {
    walletId: input.walletId,
    address: input.address,
    amount: input.amount,
    coin: input.coin?.toUpperCase() ?? null,
    comment: input.comment ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
  };
}

export function checkResolveApproval(input: ResolveApprovalInput): {
  approvalId: string;
  decision: 'approved' | 'rejected';
  comment: string | null;
} {
  run([
    (errors) => {
      if (!/^[0-9a-fA-F]{32}$/.test(input.approvalId))
        errors.push(userError('VALIDATION_FAILED', 'approvalId must be 32 hexadecimal characters', 'approvalId'));
    },
    optionalText('comment', input.comment, maxCommentLength, true),
  ]);
  return {
    approvalId: input.approvalId.toLowerCase(),
    decision: input.decision === 'APPROVE' ? 'approved' : 'rejected',
    comment: input.comment ?? null,
  };
}

export function checkSyncTransfers(input: SyncTransfersInput): { walletId: number; cursor: string | null } {
  run([
    walletIdCheck(input.walletId),
    (errors) => {
      if (
        input.cursor !== null &&
        input.cursor !== undefined &&
        (input.cursor === '' || input.cursor.length > maxCursorLength)
      )
        errors.push(userError('VALIDATION_FAILED', 'cursor is not a cursor this service handed out', 'cursor'));
    },
  ]);
  return { walletId: input.walletId, cursor: input.cursor ?? null };
}
