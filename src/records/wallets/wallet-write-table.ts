// The rows the wallet mutations read and write (docs/custody.md#wallet-operations): a wallet as a
// change to it needs it (organization, coin and network, status, the custodian's id), the
// organizations and coins a new wallet may name, and the writes themselves, each in one
// transaction. Every read of a wallet, an organization or an address is confined to the
// caller's organization scope (docs/identity.md#organization-scope): one of another organization
// is read as a missing one.
import type { Transaction } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import type { Database } from '../../../generated/database/database.ts';
import {
  type ClaimToComplete,
  completeClaim,
  lockPendingClaim,
  writeUnderClaim,
} from '../idempotency/idempotency-key-table.ts';
import { type OrganizationScope, organizationInScope } from '../../access/organization-scope.ts';
import { type AddressRow, selectAddressRows } from './address-whitelist-selections.ts';
import { walletInScope } from './wallet-in-scope.ts';

export type { AddressRow } from './address-whitelist-selections.ts';
import type { WalletRow } from './wallet-summary-table.ts';

/** A wallet as a mutation of it needs it. */
export interface WalletForChange {
  id: number;
  organizationId: string;
  coin: string;
  /** The coin's network (coin.network), e.g. `bitcoin`. */
  network: string;
  status: WalletRow['status'];
  /** The custodian's wallet id; null for a wallet the custodian does not hold. */
  custodianWalletId: string | null;
}

export interface NewWallet {
  organizationId: string;
  ownerUserId: string | null;
  label: string;
  coin: string;
  walletType: WalletRow['walletType'];
  custodianWalletId: string;
  createdBy: string;
  /** The address the custodian made with the wallet. */
  receiveAddress: { address: string; network: string };
  /** The creation's claim in `idempotency_key`, completed with the wallet. */
  claimId: string;
}

export function createWalletWriteTable(db: Db): WalletWriteTable {
  return new WalletWriteTable(db);
}

export class WalletWriteTable {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The wallet; null when there is no such wallet in the scope. */
  async findWallet(scope: OrganizationScope, walletId: number): Promise<WalletForChange | null> {
    const row = await this.#db
      .selectFrom('digital_wallet as w')
      .innerJoin('coin as c', 'c.symbol', 'w.coin')
      .select([
        'w.id',
        'w.organization_id as organizationId',
        'w.coin',
        'c.network',
        'w.status',
        'w.custodian_wallet_id as custodianWalletId',
      ])
      .where('w.id', '=', walletId)
      .where(organizationInScope(scope, 'w.organization_id'))
      .executeTakeFirst();
    return (row as WalletForChange | undefined) ?? null;
  }

  /** Whether the organization exists and the scope reaches it. */
  async organizationExists(scope: OrganizationScope, organizationId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('organization as o')
      .select('o.id')
      .where('o.id', '=', organizationId)
      .where(organizationInScope(scope, 'o.id'))
      .executeTakeFirst();
    return row !== undefined;
  }

  async findCoin(symbol: string): Promise<{ symbol: string; network: string } | null> {
    const row = await this.#db
      .selectFrom('coin')
      .select(['symbol', 'network'])
      .where('symbol', '=', symbol)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * The wallet and its first address, and the creation's claim (migration 0023) completed with
   * the wallet's id, in one transaction that first locks the claim: null, and nothing written, when
   * the claim is no longer pending (another request or the start-up sweep registered the wallet).
   */
  async insertWallet(wallet: NewWallet, now: Date): Promise<{ id: number } | null> {
    return this.#db.transaction().execute(async (trx) => {
      if (!(await lockPendingClaim(trx, wallet.claimId))) return null;
      const { id } = await trx
        .insertInto('digital_wallet')
        .values({
          organization_id: wallet.organizationId,
          owner_user_id: wallet.ownerUserId,
          label: wallet.label,
          coin: wallet.coin,
          wallet_type: wallet.walletType,
          custodian_wallet_id: wallet.custodianWalletId,
          created_by: wallet.createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('digital_wallet_address')
        .values({ wallet_id: id, address: wallet.receiveAddress.address, network: wallet.receiveAddress.network })
        .execute();
      await completeClaim(trx, wallet.claimId, String(id), now);
      return { id };
    });
  }

  /** An address of a wallet in the scope, by id: what an idempotency key of `createDigitalWalletAddress` made. */
  async findAddress(scope: OrganizationScope, addressId: number): Promise<AddressRow | null> {
    const row = await selectAddressRows(this.#db)
      .where('id', '=', addressId)
      .where(walletInScope(scope, 'digital_wallet_address.wallet_id'))
      .executeTakeFirst();
    return row ?? null;
  }

  /** A deposit address, recorded with the completion of its request's idempotency claim when it has one. */
  async insertAddress(
    address: Omit<AddressRow, 'id' | 'createdAt'>,
    claim: ClaimToComplete | null,
  ): Promise<AddressRow> {
    const insert = (trx: Transaction<Database>) =>
      trx
        .insertInto('digital_wallet_address')
        .values({
          wallet_id: address.walletId,
          address: address.address,
          network: address.network,
          label: address.label,
        })
        .returning(['id', 'wallet_id as walletId', 'address', 'network', 'label', 'created_at as createdAt'])
        .executeTakeFirstOrThrow();
    return writeUnderClaim(this.#db, claim, insert, (row) => String(row.id));
  }
}

/** PostgreSQL's unique violation (23505), e.g. a running report taken by a concurrent request. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
