// The stored rows of a wallet's deposit addresses and withdrawal whitelist (migration 0001's
// digital_wallet_address and digital_wallet_whitelist_entry), as every reader and writer of them
// returns them, with the one selection each table is read with.
import type { Db } from '../../db/create-database.ts';

/** As the CHECK constraint of migration 0001 allows. */
export type WhitelistEntryStatus = 'pending' | 'approved' | 'rejected';

export interface AddressRow {
  id: number;
  walletId: number;
  address: string;
  network: string;
  label: string | null;
  createdAt: Date;
}

export interface WhitelistEntryRow {
  id: number;
  walletId: number;
  address: string;
  label: string | null;
  status: WhitelistEntryStatus;
  /** The user who asked for the entry. */
  createdBy: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

/** Addresses as `AddressRow`s, for a caller to narrow. */
export function selectAddressRows(db: Db) {
  return db
    .selectFrom('digital_wallet_address')
    .select(['id', 'wallet_id as walletId', 'address', 'network', 'label', 'created_at as createdAt']);
}

/** The columns of a `WhitelistEntryRow`, for a select or a `returning`. */
export const whitelistEntryColumns = [
  'id',
  'wallet_id as walletId',
  'address',
  'label',
  'status',
  'created_by as createdBy',
  'created_at as createdAt',
  'decided_at as decidedAt',
] as const;

/** Whitelist entries as `WhitelistEntryRow`s (cast: the status column is text), for a caller to narrow. */
export function selectWhitelistEntryRows(db: Db) {
  return db.selectFrom('digital_wallet_whitelist_entry').select(whitelistEntryColumns);
}
