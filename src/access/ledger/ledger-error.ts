// The journal's refusals as one typed error (docs/ledger.md#refusals): which rule refused, and the
// transfer and account it concerns. A LedgerError is an AppError, so a caller that lets one
// through still answers with a code; the later slices that post (sends, trades, fund dealing)
// turn the refusals they expect into their own UserErrorCodes.
import { AppError } from '../../errors/app-error.ts';
import type { ErrorCode } from '../../errors/error-codes.ts';

export type LedgerRefusal =
  /** The request breaks a rule of its own: an id, amount, description or metadata out of shape. */
  | 'invalid_transfer'
  | 'same_account'
  | 'unknown_account'
  /** An account of the transfer holds another asset than the transfer's. */
  | 'asset_mismatch'
  /** The debit would take an account that may not go negative below zero available. */
  | 'insufficient_funds'
  | 'pending_not_found'
  | 'not_pending'
  | 'already_resolved'
  /** A post or void names other accounts or another asset than its pending transfer. */
  | 'resolution_mismatch'
  | 'post_exceeds_pending'
  | 'void_amount'
  /** A later transaction tried to add a transfer to a linked group already posted. */
  | 'linked_group_closed'
  /** The id was posted before with other content. */
  | 'transfer_conflict'
  /** Inside the caller's transaction, another transaction posted the same id first: retry it. */
  | 'concurrent_duplicate'
  /** A deadlock or serialization failure that outlasted the retries: retry later. */
  | 'contention'
  /** An UPDATE, DELETE or TRUNCATE of the journal, which only grows. */
  | 'journal_immutable'
  | 'unknown_asset'
  /** A wallet or network-fee account for an asset that is not a coin. */
  | 'not_a_coin'
  /** The wallet, fund or user an account names does not exist. */
  | 'unknown_owner';

const errorCodes: Record<LedgerRefusal, ErrorCode> = {
  invalid_transfer: 'BAD_REQUEST',
  same_account: 'BAD_REQUEST',
  unknown_account: 'NOT_FOUND',
  asset_mismatch: 'BAD_REQUEST',
  insufficient_funds: 'CONFLICT',
  pending_not_found: 'NOT_FOUND',
  not_pending: 'CONFLICT',
  already_resolved: 'CONFLICT',
  resolution_mismatch: 'BAD_REQUEST',
  post_exceeds_pending: 'BAD_REQUEST',
  void_amount: 'BAD_REQUEST',
  linked_group_closed: 'CONFLICT',
  transfer_conflict: 'CONFLICT',
  concurrent_duplicate: 'CONFLICT',
  contention: 'SERVICE_UNAVAILABLE',
  journal_immutable: 'CONFLICT',
  unknown_asset: 'NOT_FOUND',
  not_a_coin: 'BAD_REQUEST',
  unknown_owner: 'NOT_FOUND',
};

export interface LedgerErrorSubject {
  transferId?: string | null;
  accountId?: number | null;
  cause?: unknown;
}

export class LedgerError extends AppError {
  readonly refusal: LedgerRefusal;
  readonly transferId: string | null;
  readonly accountId: number | null;

  constructor(refusal: LedgerRefusal, message: string, subject: LedgerErrorSubject = {}) {
    super(errorCodes[refusal], message, { cause: subject.cause });
    this.name = 'LedgerError';
    this.refusal = refusal;
    this.transferId = subject.transferId ?? null;
    this.accountId = subject.accountId ?? null;
  }
}
