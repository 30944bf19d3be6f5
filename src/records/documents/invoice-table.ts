// Reads one invoice for the invoice document route in one statement: the row, its
// organization, recipient and lines, and only when the caller's document_access rules admit
// it (src/access/document-access.ts); the same null for missing and not visible. The business
// API reads the same record under an API key's organization (organization-document-table.ts).
import type { Db } from '../../db/create-database.ts';
import { documentFilter } from '../../access/document-access.ts';
import type { Principal } from '../../access/principal.ts';
import {
  type OrganizationRecord,
  type PersonRecord,
  type RowCondition,
  optionalIsoInstant,
  organizationJson,
  personJson,
} from './document-columns.ts';
import { type LineRecord, invoiceLinesJson } from './line-items-json.ts';

export interface InvoiceRecord {
  id: number;
  invoiceNumber: string;
  status: string;
  issuedAt: string | null;
  dueAt: string | null;
  currency: string;
  subtotal: string;
  taxTotal: string;
  total: string;
  organization: OrganizationRecord;
  recipient: PersonRecord | null;
  lines: LineRecord[];
}

export function findInvoiceRecord(db: Db, principal: Principal, id: number): Promise<InvoiceRecord | null> {
  return selectInvoiceRecord(db, id, (alias) => documentFilter(principal, 'invoice', alias));
}

/** The invoice if `visible` admits it (the REST rules above, or an API key's organization). */
export async function selectInvoiceRecord(db: Db, id: number, visible: RowCondition): Promise<InvoiceRecord | null> {
  const row = await db
    .selectFrom('invoice as d')
    .innerJoin('organization as o', 'o.id', 'd.organization_id')
    .leftJoin('app_user as u', 'u.id', 'd.recipient_user_id')
    .select([
      'd.id',
      'd.invoice_number as invoiceNumber',
      'd.status',
      optionalIsoInstant('d.issued_at').as('issuedAt'),
      optionalIsoInstant('d.due_at').as('dueAt'),
      'd.currency',
      'd.subtotal',
      'd.tax_total as taxTotal',
      'd.total',
      organizationJson('o').as('organization'),
      personJson('u').as('recipient'),
      invoiceLinesJson('d').as('lines'),
    ])
    .where('d.id', '=', id)
    .where(visible('d'))
    .executeTakeFirst();
  return row ?? null;
}
