// What a fund dealing reads before it writes (docs/funds.md#dealing), each with the dealing
// transaction's handle: the NAV of the request's dealing date (fund_nav), the investor's units in
// the fund (fund_capital_movement, the register) and the decimals of the fund's currency as a
// journal asset (ledger_asset, or the coin it becomes one of: docs/ledger.md#accounts).
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import type { FundNavRecord } from './fund-capital-table.ts';

/** A register row that moved units, with its sign: issued by a subscription, cancelled by a redemption. */
export interface UnitChangeRecord {
  kind: 'subscription' | 'redemption';
  /** The dealing day, `YYYY-MM-DD`. */
  effectiveDate: string;
  /** numeric(38, 8) as text, positive. */
  units: string;
}

/**
 * The first NAV the fund published on or after `fromDay` and no later than `today` (both
 * `YYYY-MM-DD`): forward pricing, a request is dealt at the NAV of the first dealing day from the
 * day it was made, never at one already known before it. Null when there is none yet.
 */
export async function dealingNavOf(
  db: Db,
  fundId: number,
  fromDay: string,
  today: string,
): Promise<FundNavRecord | null> {
  const row = await db
    .selectFrom('fund_nav')
    .select([sql<string>`to_char(nav_date, 'YYYY-MM-DD')`.as('date'), sql<string>`nav_per_unit::text`.as('navPerUnit')])
    .where('fund_id', '=', fundId)
    .where('nav_date', '>=', sql<Date>`${fromDay}::date`)
    .where('nav_date', '<=', sql<Date>`${today}::date`)
    .orderBy('nav_date')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The investor's register rows that moved units in the fund, oldest first (fees move none). */
export async function unitChangesOf(db: Db, fundId: number, userId: string): Promise<UnitChangeRecord[]> {
  const rows = await db
    .selectFrom('fund_capital_movement')
    .select([
      'kind',
      sql<string>`to_char(effective_date, 'YYYY-MM-DD')`.as('effectiveDate'),
      sql<string>`units::text`.as('units'),
    ])
    .where('fund_id', '=', fundId)
    .where('user_id', '=', userId)
    .where('kind', 'in', ['subscription', 'redemption'])
    .orderBy('effective_date')
    .orderBy('id')
    .execute();
  return rows as UnitChangeRecord[];
}

/**
 * Decimals of `code` as a journal asset: a ledger_asset row (USD, from migration 0011), or a coin,
 * which becomes one when its first account opens. Null: the journal cannot keep it.
 */
export async function journalAssetDecimalsOf(db: Db, code: string): Promise<number | null> {
  const { rows } = await sql<{ decimals: number }>`SELECT decimals FROM ledger_asset WHERE code = ${code}
    UNION ALL SELECT decimals FROM coin WHERE symbol = ${code} LIMIT 1`.execute(db);
  return rows[0]?.decimals ?? null;
}
