// Reads one receipt for the receipt document route in one statement: the row, its
// organization, recipient and the invoice it pays with the balance left after this payment,
// only when the caller's document_access rules admit it; null for missing and not visible.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { documentFilter } from '../../access/document-access.ts';
import type { Principal } from '../../access/principal.ts';
import {
  type OrganizationRecord,
  type PersonRecord,
  isoInstant,
  organizationJson,
  personJson,
} from './document-columns.ts';

export interface PaidInvoiceRecord {
  invoiceNumber: string;
  issuedAt: string | null;
  total: string;
  /** The invoice total minus every receipt for it up to and including this one. */
  balanceDue: string;
}

export interface ReceiptRecord {
  id: number;
  receiptNumber: string;
  createdAt: string;
  paidAt: string;
  currency: string;
  amount: string;
  paymentMethod: string;
  organization: OrganizationRecord;
  recipient: PersonRecord | null;
  invoice: PaidInvoiceRecord | null;
}

// Payments are ordered by when they were paid, then by id, so "up to this one" is well defined.
const paidInvoiceJson = sql<PaidInvoiceRecord | null>`CASE WHEN i.id IS NULL THEN NULL ELSE json_build_object(
  'invoiceNumber', i.invoice_number,
  'issuedAt', to_char(i.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'total', i.total::text,
  'balanceDue', (i.total - (
    SELECT coalesce(sum(r.amount), 0) FROM receipt r
    WHERE r.invoice_id = i.id AND (r.paid_at, r.id) <= (d.paid_at, d.id)))::text) END`;

export async function findReceiptRecord(db: Db, principal: Principal, id: number): Promise<ReceiptRecord | null> {
  const row = await db
    .selectFrom('receipt as d')
    .innerJoin('organization as o', 'o.id', 'd.organization_id')
    .leftJoin('app_user as u', 'u.id', 'd.recipient_user_id')
    .leftJoin('invoice as i', 'i.id', 'd.invoice_id')
    .select([
      'd.id',
      'd.receipt_number as receiptNumber',
      isoInstant('d.created_at').as('createdAt'),
      isoInstant('d.paid_at').as('paidAt'),
      'd.currency',
      'd.amount',
      'd.payment_method as paymentMethod',
      organizationJson('o').as('organization'),
      personJson('u').as('recipient'),
      paidInvoiceJson.as('invoice'),
    ])
    .where('d.id', '=', id)
    .where(documentFilter(principal, 'receipt', 'd'))
    .executeTakeFirst();
  return row ?? null;
}
