// The holdings of a user's or an organization's wallets summed by symbol, with the current coin
// prices, for the business API's net worth and digital asset pages (schema.graphql NetWorth,
// DigitalAssetPage). Counted wallets are the holder's that are not archived and in the caller's
// organization scope: the condition is applied here, in the one query, so no caller sees another
// organization's wallets (docs/identity.md#organization-scope). Balances and the holdings' stored
// USD values (docs/valuation.md#one-valuation) are summed by PostgreSQL's numeric, exactly, and
// come back as decimal text.
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import type { Database } from '../../../generated/database/database.ts';
import { type OrganizationScope, organizationInScope } from '../../access/organization-scope.ts';

/** Whose wallets: those a user owns, or those of an organization. */
export type WalletHolder = { kind: 'user'; userId: string } | { kind: 'organization'; organizationId: string };

export interface AggregateHoldingRow {
  symbol: string;
  name: string;
  decimals: number;
  /** Whole units summed over the counted wallets, decimal text. */
  balance: string;
  /** The counted wallets' available balances summed (docs/ledger.md#wallet-holdings), decimal text. */
  availableBalance: string;
  /**
   * The holdings' `digital_wallet_asset.usd_value` summed: each wallet's balance × `usdPrice`
   * rounded to cents (docs/valuation.md#the-rounding-rule), decimal text with two places.
   */
  usdValue: string;
  /** USD per whole unit from coin_price; null when the coin has no price. */
  usdPrice: string | null;
  priceUpdatedAt: Date | null;
  /** The counted wallets holding the symbol, ascending. */
  walletIds: number[];
}

export interface HoldingsAggregate {
  /** Every counted wallet, with or without holdings, ascending. */
  walletIds: number[];
  holdings: AggregateHoldingRow[];
}

type WalletExpressions = ExpressionBuilder<Database & { w: Database['digital_wallet'] }, 'w'>;

/** The counted wallets of `holder` within the caller's scope. */
function countedWallets(scope: OrganizationScope, holder: WalletHolder) {
  return (eb: WalletExpressions) =>
    eb.and([
      holder.kind === 'user'
        ? eb('w.owner_user_id', '=', holder.userId)
        : eb('w.organization_id', '=', holder.organizationId),
      eb('w.status', '<>', 'archived'),
      organizationInScope(scope, 'w.organization_id'),
    ]);
}

export function createHoldingsAggregateTable(db: Db) {
  return {
    /**
     * One statement: the counted wallets left-joined to their holdings, grouped by symbol. Wallets
     * without holdings form the group whose symbol is null; they count, but hold nothing.
     */
    async aggregate(scope: OrganizationScope, holder: WalletHolder): Promise<HoldingsAggregate> {
      const rows = await db
        .selectFrom('digital_wallet as w')
        .leftJoin('digital_wallet_asset as a', 'a.wallet_id', 'w.id')
        .leftJoin('coin as c', 'c.symbol', 'a.symbol')
        .leftJoin('coin_price as p', 'p.symbol', 'a.symbol')
        .select([
          'a.symbol',
          'c.name',
          'c.decimals',
          sql<string | null>`sum(a.balance)::text`.as('balance'),
          sql<string | null>`sum(a.available_balance)::text`.as('availableBalance'),
          sql<string | null>`sum(a.usd_value)::text`.as('usdValue'),
          sql<string | null>`p.usd_price::text`.as('usdPrice'),
          'p.updated_at as priceUpdatedAt',
          sql<number[]>`array_agg(w.id ORDER BY w.id)`.as('walletIds'),
        ])
        .where(countedWallets(scope, holder))
        .groupBy(['a.symbol', 'c.name', 'c.decimals', 'p.usd_price', 'p.updated_at'])
        .orderBy('a.symbol')
        .execute();
      const walletIds = [...new Set(rows.flatMap((row) => row.walletIds))].sort((left, right) => left - right);
      const holdings = rows.flatMap((row) => (row.symbol === null ? [] : [row as AggregateHoldingRow]));
      return { walletIds, holdings };
    },
  };
}

export type HoldingsAggregateTable = ReturnType<typeof createHoldingsAggregateTable>;
