// The journal's figures as the money property test reads them, in SQL straight from the ledger's
// accounts (docs/ledger.md#balances), never through the service: a wallet account's posted and
// available balance in base units, and decimals of whole coins turned into base units exactly.
import type { BusinessApiClient } from '../../support/business-api-client.ts';

/** Posted (credits − debits) and available (posted − held) base units of an account. */
export interface Figures {
  posted: bigint;
  available: bigint;
}

/**
 * A decimal of whole units ("0.125", "42") as base units at `decimals`, exactly; a decimal finer
 * than the unit fails, as no balance or amount may be.
 */
export function baseUnits(text: string, decimals: number): bigint {
  const match = /^(-?)([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (!match) throw new Error(`not a decimal: ${text}`);
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) throw new Error(`${text} is finer than ${decimals} decimals`);
  const units = BigInt(match[2]! + fraction.padEnd(decimals, '0'));
  return match[1] ? -units : units;
}

/** A wallet's account of one coin; zero when it was never opened. */
export async function journalFigures(api: BusinessApiClient, walletId: number, coin: string): Promise<Figures> {
  const [row] = await api.rows(
    `SELECT (credits_posted - debits_posted)::text AS posted,
       (credits_posted - debits_posted - debits_pending)::text AS available
     FROM ledger_account WHERE kind = 'wallet' AND wallet_id = $1 AND asset = $2`,
    [walletId, coin],
  );
  return row ? { posted: BigInt(row.posted), available: BigInt(row.available) } : { posted: 0n, available: 0n };
}

/** Every wallet account of the wallets, by `walletId:coin`, with the coin's decimals. */
export async function walletAccounts(
  api: BusinessApiClient,
  walletIds: number[],
): Promise<Map<string, Figures & { decimals: number }>> {
  const rows = await api.rows(
    `SELECT l.wallet_id || ':' || l.asset AS key, s.decimals, (l.credits_posted - l.debits_posted)::text AS posted,
       (l.credits_posted - l.debits_posted - l.debits_pending)::text AS available
     FROM ledger_account l JOIN ledger_asset s ON s.code = l.asset
     WHERE l.kind = 'wallet' AND l.wallet_id = ANY($1)`,
    [walletIds],
  );
  return new Map(
    rows.map((row) => [
      row.key,
      { decimals: row.decimals, posted: BigInt(row.posted), available: BigInt(row.available) },
    ]),
  );
}

/**
 * Per coin, the posted and available base units summed over a holder's wallets that are not
 * archived (docs/conformance.md#net-worth-and-digital-assets): an organization's, or its one
 * owner's.
 */
export async function holderJournal(
  api: BusinessApiClient,
  organizationId: string,
  ownerUserId?: string,
): Promise<Map<string, Figures & { decimals: number }>> {
  const rows = await api.rows(
    `SELECT l.asset, s.decimals, sum(l.credits_posted - l.debits_posted)::text AS posted,
       sum(l.credits_posted - l.debits_posted - l.debits_pending)::text AS available
     FROM ledger_account l JOIN ledger_asset s ON s.code = l.asset JOIN digital_wallet w ON w.id = l.wallet_id
     WHERE l.kind = 'wallet' AND w.organization_id = $1 AND w.status <> 'archived'
       AND ($2::text IS NULL OR w.owner_user_id = $2)
     GROUP BY l.asset, s.decimals`,
    [organizationId, ownerUserId ?? null],
  );
  return new Map(
    rows.map((row) => [
      row.asset,
      { decimals: row.decimals, posted: BigInt(row.posted), available: BigInt(row.available) },
    ]),
  );
}

/**
 * An organization's net worth from the journal and the stored prices (docs/valuation.md#the-rounding-rule):
 * each wallet's posted balance of a priced coin × its price, rounded half away from zero to cents
 * on its own, then summed; in cents. The balance is base units × 10^−decimals, exact in numeric.
 */
export async function journalNetWorthCents(api: BusinessApiClient, organizationId: string): Promise<bigint> {
  const [{ cents }] = await api.rows(
    `SELECT (coalesce(sum(round((l.credits_posted - l.debits_posted) * ('1e-' || s.decimals)::numeric * p.usd_price, 2)), 0)
       * 100)::numeric(78, 0)::text AS cents
     FROM ledger_account l JOIN ledger_asset s ON s.code = l.asset JOIN digital_wallet w ON w.id = l.wallet_id
       JOIN coin_price p ON p.symbol = l.asset
     WHERE l.kind = 'wallet' AND w.organization_id = $1 AND w.status <> 'archived'`,
    [organizationId],
  );
  return BigInt(cents);
}
