// An account of the journal as the module answers it (docs/ledger.md#balances): its key, and its
// balances, which are the database's projections of its transfers. A balance is what the account
// holds, credits − debits; `available` is what it may still be debited: posted − held.
import type { LedgerAccountKind } from './ledger-account-key.ts';

export interface AccountBalances {
  debitsPosted: bigint;
  creditsPosted: bigint;
  /** What pending transfers hold out of the account. */
  debitsPending: bigint;
  /** What pending transfers will bring in when posted. */
  creditsPending: bigint;
  /** creditsPosted − debitsPosted. */
  posted: bigint;
  /** posted − debitsPending: what the account may still be debited (never negative for an account that may not go negative). */
  available: bigint;
}

export interface LedgerAccount {
  id: number;
  kind: LedgerAccountKind;
  asset: string;
  walletId: number | null;
  fundId: number | null;
  userId: string | null;
  mayGoNegative: boolean;
  balances: AccountBalances;
}

/** An account row as selected by `accountColumns`: projections as numeric text. */
export interface AccountRow {
  id: number;
  kind: string;
  asset: string;
  wallet_id: number | null;
  fund_id: number | null;
  user_id: string | null;
  may_go_negative: boolean;
  debits_posted: string;
  credits_posted: string;
  debits_pending: string;
  credits_pending: string;
}

export const accountColumns = [
  'id',
  'kind',
  'asset',
  'wallet_id',
  'fund_id',
  'user_id',
  'may_go_negative',
  'debits_posted',
  'credits_posted',
  'debits_pending',
  'credits_pending',
] as const;

export function balancesOf(row: AccountRow): AccountBalances {
  const debitsPosted = BigInt(row.debits_posted);
  const creditsPosted = BigInt(row.credits_posted);
  const debitsPending = BigInt(row.debits_pending);
  const posted = creditsPosted - debitsPosted;
  return {
    debitsPosted,
    creditsPosted,
    debitsPending,
    creditsPending: BigInt(row.credits_pending),
    posted,
    available: posted - debitsPending,
  };
}

export function accountOf(row: AccountRow): LedgerAccount {
  return {
    id: row.id,
    kind: row.kind as LedgerAccountKind,
    asset: row.asset,
    walletId: row.wallet_id,
    fundId: row.fund_id,
    userId: row.user_id,
    mayGoNegative: row.may_go_negative,
    balances: balancesOf(row),
  };
}
