// The wallets an OTC trade may settle with (docs/trading.md#settlement): a wallet of the quote's
// organization, within the caller's organization scope (docs/identity.md#organization-scope; any
// other answers as a missing one), with whether it can hold the leg's currency. A wallet can hold a
// coin of its own coin's network (coin.network: USDC on ethereum in an ETH wallet), as custody sends
// require. This runs SQL, as only src/records, src/access, src/stores and src/db do
// (docs/architecture.md#layers).
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { type OrganizationScope, organizationInScope } from '../../access/organization-scope.ts';

export interface SettlementWalletRow {
  id: number;
  /** The wallet's own coin, e.g. `ETH`. */
  coin: string;
  /** Its coin's network, e.g. `ethereum`. */
  network: string;
  status: 'active' | 'frozen' | 'archived';
  /** Whether the wallet can hold the currency asked about: a coin of its network. */
  canHold: boolean;
}

/** Whose a wallet is: what its cached views are tagged with (docs/caches.md#result-cache). */
export interface WalletOwnership {
  id: number;
  ownerUserId: string | null;
  organizationId: string;
}

/** Which organization's wallets, within which scope, for which currency. */
export interface SettlementWalletQuery {
  scope: OrganizationScope;
  organizationId: string;
  currency: string;
}

/** The condition that the wallet `w` can hold `currency`: a coin on the network of the wallet's coin. */
function canHold(currency: string) {
  return sql<boolean>`EXISTS (SELECT 1 FROM coin held JOIN coin own ON own.symbol = w.coin
    WHERE held.symbol = ${currency} AND held.network = own.network)`;
}

export function createSettlementWalletTable(db: Db) {
  const wallets = (query: SettlementWalletQuery) =>
    db
      .selectFrom('digital_wallet as w')
      .innerJoin('coin as c', 'c.symbol', 'w.coin')
      .select(['w.id', 'w.coin', 'c.network', 'w.status', canHold(query.currency).as('canHold')])
      .where('w.organization_id', '=', query.organizationId)
      .where(organizationInScope(query.scope, 'w.organization_id'));
  return {
    /** The wallet, when it is the organization's and in the scope; null otherwise. */
    async findWallet(query: SettlementWalletQuery, walletId: number): Promise<SettlementWalletRow | null> {
      const row = await wallets(query).where('w.id', '=', walletId).executeTakeFirst();
      return (row as SettlementWalletRow | undefined) ?? null;
    },
    /** The organization's ACTIVE wallets that can hold the currency, by id. */
    async activeWalletsAbleToHold(query: SettlementWalletQuery): Promise<number[]> {
      const rows = await wallets(query)
        .where('w.status', '=', 'active')
        .where(canHold(query.currency))
        .orderBy('w.id')
        .execute();
      return rows.map((row) => row.id);
    },
    /** The owner and organization of wallets a trade has settled with (found in the caller's scope before it). */
    async ownershipOf(walletIds: readonly number[]): Promise<WalletOwnership[]> {
      if (walletIds.length === 0) return [];
      return db
        .selectFrom('digital_wallet')
        .select(['id', 'owner_user_id as ownerUserId', 'organization_id as organizationId'])
        .where('id', 'in', walletIds)
        .orderBy('id')
        .execute();
    },
    /** The custodian's wallet id of each wallet that has one (docs/trading.md#at-the-custodian). */
    async custodianWalletIdsOf(walletIds: readonly number[]): Promise<Map<number, string>> {
      if (walletIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('digital_wallet')
        .select(['id', 'custodian_wallet_id as custodianWalletId'])
        .where('id', 'in', walletIds)
        .where('custodian_wallet_id', 'is not', null)
        .execute();
      return new Map(rows.map((row) => [row.id, row.custodianWalletId!]));
    },
  };
}

export type SettlementWalletTable = ReturnType<typeof createSettlementWalletTable>;
