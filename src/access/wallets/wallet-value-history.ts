// Reads a wallet's value history for the sparkline route (docs/wallet-sparkline.md#who-may-see-it)
// through the `digital_wallet_sparkline` document rule of permissions.yaml: every query carries the
// caller's filter, so a wallet the caller may not see reads exactly like one that does not exist (a
// service cannot forget the filter: docs/permissions.md#the-access-layer-at-run-time).
import type { Db } from '../../db/create-database.ts';
import { documentFilter } from '../document-access.ts';
import { fitsIntegerRowId } from '../integer-row-id.ts';
import type { Principal } from '../principal.ts';

export interface WalletValuePoint {
  readonly recordedAt: Date;
  /** USD, a decimal string with two places (`numeric(38, 2)`). */
  readonly usdValue: string;
}

export interface WalletValueHistoryReader {
  /**
   * Whether `principal` may see the wallet's sparkline, and the wallet's newest value point
   * (null when it has no history). Null when the wallet does not exist or may not be seen.
   */
  newestPoint(principal: Principal, walletId: number): Promise<{ newest: WalletValuePoint | null } | null>;
  /** The points recorded from `from` to `to` (both included), oldest first; none for a wallet `principal` may not see. */
  pointsBetween(principal: Principal, walletId: number, from: Date, to: Date): Promise<WalletValuePoint[]>;
}

export function createWalletValueHistoryReader(db: Db): WalletValueHistoryReader {
  return {
    async newestPoint(principal, walletId) {
      if (!fitsIntegerRowId(walletId)) return null;
      const row = await db
        .selectFrom('digital_wallet as w')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('digital_wallet_value_history as h')
              .select(['h.recorded_at', 'h.usd_value'])
              .whereRef('h.wallet_id', '=', 'w.id')
              .orderBy('h.recorded_at', 'desc')
              .limit(1)
              .as('newest'),
          (join) => join.onTrue(),
        )
        .select(['w.id', 'newest.recorded_at', 'newest.usd_value'])
        .where('w.id', '=', walletId)
        .where(documentFilter(principal, 'digital_wallet_sparkline', 'w'))
        .executeTakeFirst();
      if (!row) return null;
      const newest =
        row.recorded_at !== null && row.usd_value !== null
          ? { recordedAt: row.recorded_at, usdValue: row.usd_value }
          : null;
      return { newest };
    },

    async pointsBetween(principal, walletId, from, to) {
      if (!fitsIntegerRowId(walletId)) return [];
      const rows = await db
        .selectFrom('digital_wallet_value_history as h')
        .innerJoin('digital_wallet as w', 'w.id', 'h.wallet_id')
        .select(['h.recorded_at', 'h.usd_value'])
        .where('h.wallet_id', '=', walletId)
        .where('h.recorded_at', '>=', from)
        .where('h.recorded_at', '<=', to)
        .where(documentFilter(principal, 'digital_wallet_sparkline', 'w'))
        .orderBy('h.recorded_at')
        .execute();
      return rows.map((row) => ({ recordedAt: row.recorded_at, usdValue: row.usd_value }));
    },
  };
}
