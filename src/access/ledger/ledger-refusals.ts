// The database's refusals of a journal write as LedgerErrors (docs/ledger.md#refusals). Migration
// 0011 names a constraint for every refusal, its triggers' included, so the constraint alone says
// which rule refused; a refusal of the funds check carries its account in DETAIL as JSON.
import { LedgerError, type LedgerRefusal } from './ledger-error.ts';

interface PgError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  message?: unknown;
}

const refusalsByConstraint: Record<string, LedgerRefusal> = {
  ledger_account_funds: 'insufficient_funds',
  ledger_transfer_accounts_differ: 'same_account',
  ledger_transfer_debit_account: 'asset_mismatch',
  ledger_transfer_credit_account: 'asset_mismatch',
  ledger_transfer_pending_id_fkey: 'pending_not_found',
  ledger_transfer_pending_kind: 'not_pending',
  ledger_transfer_pending_id_key: 'already_resolved',
  ledger_transfer_resolution_accounts: 'resolution_mismatch',
  ledger_transfer_post_amount: 'post_exceeds_pending',
  ledger_transfer_void_amount: 'void_amount',
  ledger_link_closed: 'linked_group_closed',
  ledger_transfer_pkey: 'concurrent_duplicate',
  ledger_transfer_id_check: 'invalid_transfer',
  ledger_link_id_check: 'invalid_transfer',
  ledger_transfer_amount_check: 'invalid_transfer',
  ledger_transfer_description_check: 'invalid_transfer',
  ledger_transfer_metadata_check: 'invalid_transfer',
  ledger_transfer_resolution: 'invalid_transfer',
  ledger_asset_append_only: 'journal_immutable',
  ledger_link_append_only: 'journal_immutable',
  ledger_transfer_append_only: 'journal_immutable',
  ledger_account_projection: 'journal_immutable',
  ledger_account_kept: 'journal_immutable',
  ledger_account_opening_balance: 'journal_immutable',
  ledger_account_asset_fkey: 'unknown_asset',
  ledger_account_coin_asset: 'not_a_coin',
  ledger_account_wallet_id_fkey: 'unknown_owner',
  ledger_account_fund_id_fkey: 'unknown_owner',
  ledger_account_user_id_fkey: 'unknown_owner',
};

/** SQLSTATEs of a transaction that lost a race and may simply run again. */
const contentionCodes = new Set(['40P01', '40001']);

export function isContention(error: unknown): boolean {
  return contentionCodes.has((error as PgError).code as string);
}

/** The rule behind a pg error, or null when it is no refusal of the journal's. */
export function refusalOf(error: unknown): LedgerRefusal | null {
  if (error instanceof LedgerError) return error.refusal;
  const { code, constraint } = error as PgError;
  if (isContention(error)) return 'contention';
  if (code === '22003') return 'invalid_transfer'; // a numeric field overflow: an amount beyond numeric(78, 0)
  return typeof constraint === 'string' ? (refusalsByConstraint[constraint] ?? null) : null;
}

/** The account a refusal of the funds check names. */
export function refusedAccountId(error: unknown): number | null {
  const detail = (error as PgError).detail;
  if (typeof detail !== 'string' || !detail.startsWith('{')) return null;
  const accountId = (JSON.parse(detail) as { accountId?: unknown }).accountId;
  return typeof accountId === 'number' ? accountId : null;
}

/** What each refusal means, said of the transfer (or account) it concerns. */
const explanations: Record<LedgerRefusal, string> = {
  invalid_transfer:
    'out of shape: an id `<source>:<key>`, an amount of 1 to 10^78 − 1 base units, a description of 1 to 500 characters, metadata a JSON object',
  same_account: 'debits and credits the same account',
  unknown_account: 'names an account that does not exist',
  asset_mismatch: "an account does not hold the transfer's asset",
  insufficient_funds: 'an account has too little available',
  pending_not_found: 'the pending transfer it resolves does not exist',
  not_pending: 'the transfer it resolves is not a pending transfer',
  already_resolved: 'the pending transfer was already posted or voided',
  resolution_mismatch: 'names other accounts or another asset than the pending transfer it resolves',
  post_exceeds_pending: 'posts more than the pending transfer holds',
  void_amount: 'voids another amount than the pending transfer holds',
  linked_group_closed: 'its linked group was posted by an earlier transaction',
  transfer_conflict: 'the id was posted before with other content',
  concurrent_duplicate: 'another transaction posted the same id at the same time: run the transaction again',
  contention: 'the database kept aborting the transaction for deadlocks: try again',
  journal_immutable: 'the journal only grows: a mistake is corrected by a reversing transfer',
  unknown_asset: 'no coin or currency of that code is a ledger asset',
  not_a_coin: 'a wallet or network-fee account holds coins only',
  unknown_owner: 'the wallet, fund or user it names does not exist',
};

export function explanationOf(refusal: LedgerRefusal): string {
  return explanations[refusal];
}

/**
 * The LedgerError for a refusal of writing `transferId` (or, with null, of what `subject` names);
 * other errors pass unchanged.
 */
export function ledgerErrorOf(error: unknown, transferId: string | null, subject = `transfer ${transferId}`): unknown {
  const refusal = refusalOf(error);
  if (refusal === null || error instanceof LedgerError) return error;
  const accountId = refusal === 'insufficient_funds' ? refusedAccountId(error) : null;
  const message = accountId === null ? explanations[refusal] : `account ${accountId} has too little available for it`;
  return new LedgerError(refusal, `${subject}: ${message}`, { transferId, accountId, cause: error });
}
