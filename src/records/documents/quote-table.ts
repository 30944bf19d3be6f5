// Reads one sales quote for the quote document route in one statement: the row, its
// organization, the user it is for and its lines with product SKUs, only when the caller's
// document_access rules admit it; null for missing and not visible. The business API reads the
// same record under an API key's organization (organization-document-table.ts).
import type { Db } from '../../db/create-database.ts';
import { documentFilter } from '../../access/document-access.ts';
import type { Principal } from '../../access/principal.ts';
import {
  type OrganizationRecord,
  type PersonRecord,
  type RowCondition,
  isoDate,
  isoInstant,
  organizationJson,
  personJson,
} from './document-columns.ts';
import { type LineRecord, quoteLinesJson } from './line-items-json.ts';

export interface QuoteRecord {
  id: number;
  quoteNumber: string;
  status: string;
  createdAt: string;
  validUntil: string | null;
  currency: string;
  subtotal: string;
  taxTotal: string;
  total: string;
  organization: OrganizationRecord;
  recipient: PersonRecord | null;
  lines: LineRecord[];
}

export function findQuoteRecord(db: Db, principal: Principal, id: number): Promise<QuoteRecord | null> {
  return selectQuoteRecord(db, id, (alias) => documentFilter(principal, 'quote', alias));
}

/** The quote if `visible` admits it (the REST rules above, or an API key's organization). */
export async function selectQuoteRecord(db: Db, id: number, visible: RowCondition): Promise<QuoteRecord | null> {
  const row = await db
    .selectFrom('quote as d')
    .innerJoin('organization as o', 'o.id', 'd.organization_id')
    .leftJoin('app_user as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'd.quote_number as quoteNumber',
      'd.status',
      isoInstant('d.created_at').as('createdAt'),
      isoDate('d.valid_until').as('validUntil'),
      'd.currency',
      'd.subtotal',
      'd.tax_total as taxTotal',
      'd.total',
      organizationJson('o').as('organization'),
      personJson('u').as('recipient'),
      quoteLinesJson('d').as('lines'),
    ])
    .where('d.id', '=', id)
    .where(visible('d'))
    .executeTakeFirst();
  return row ?? null;
}
