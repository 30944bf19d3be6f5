// Which account of the journal a caller means (docs/ledger.md#accounts): its kind, its asset and
// its owner. One account exists per key (ledger_account_identity); the owner columns a kind fills
// are the ledger_account_owner CHECK of migration 0011.
export type LedgerAccountKind = 'wallet' | 'world' | 'network_fee' | 'otc_desk' | 'fund_capital';

export type LedgerAccountKey =
  /** A wallet's holding of one coin. */
  | { kind: 'wallet'; walletId: number; asset: string }
  /** The outside world (custodians, networks, banks) for one asset: where deposits come from and sends go. */
  | { kind: 'world'; asset: string }
  /** Network fees paid in one fee coin (gas in ETH, satoshi in BTC). */
  | { kind: 'network_fee'; asset: string }
  /** The OTC desk's position in one asset or currency. */
  | { kind: 'otc_desk'; asset: string }
  /** An investor's capital in a fund. */
  | { kind: 'fund_capital'; fundId: number; userId: string; asset: string };

/** The owner columns of ledger_account a key fills; null where its kind has no such owner. */
export interface AccountOwner {
  walletId: number | null;
  fundId: number | null;
  userId: string | null;
}

/**
 * The kinds whose balance may go negative: the counterparties of the platform's books. The
 * database holds the same list (ledger_account_overdraft_kind) and refuses an account that
 * disagrees.
 */
const overdraftKinds: ReadonlySet<LedgerAccountKind> = new Set(['world', 'otc_desk']);

/** Kinds that hold coins only (ledger_account_coin_kind). */
const coinKinds: ReadonlySet<LedgerAccountKind> = new Set(['wallet', 'network_fee']);

export function mayGoNegative(kind: LedgerAccountKind): boolean {
  return overdraftKinds.has(kind);
}

export function holdsCoinsOnly(kind: LedgerAccountKind): boolean {
  return coinKinds.has(kind);
}

export function ownerOf(key: LedgerAccountKey): AccountOwner {
  switch (key.kind) {
    case 'wallet':
      return { walletId: key.walletId, fundId: null, userId: null };
    case 'fund_capital':
      return { walletId: null, fundId: key.fundId, userId: key.userId };
    default:
      return { walletId: null, fundId: null, userId: null };
  }
}
