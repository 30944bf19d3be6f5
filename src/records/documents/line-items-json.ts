// The lines of an invoice or a sales quote as one JSON array, computed inside the statement
// that reads the document. Tax is rounded per line to cents, as the stored totals are
// (document-models.ts DocumentLine); PostgreSQL's numeric keeps it exact.
import { type RawBuilder, sql } from 'kysely';

export interface LineRecord {
  position: number;
  description: string;
  sku: string | null;
  quantity: string;
  unitPrice: string;
  taxRate: string;
  netAmount: string;
  taxAmount: string;
  grossAmount: string;
}

const lineFields = sql`'position', l.position, 'description', l.description,
  'quantity', l.quantity::text, 'unitPrice', l.unit_price::text, 'taxRate', l.tax_rate::text,
  'netAmount', l.amount::text, 'taxAmount', round(l.amount * l.tax_rate, 2)::text,
  'grossAmount', (l.amount + round(l.amount * l.tax_rate, 2))::text`;

/** `invoice_line` rows of the invoice `alias`, by position; invoice lines name no product. */
export function invoiceLinesJson(alias: string): RawBuilder<LineRecord[]> {
  return sql<LineRecord[]>`coalesce((
    SELECT json_agg(json_build_object(${lineFields}, 'sku', NULL) ORDER BY l.position, l.id)
    FROM invoice_line l WHERE l.invoice_id = ${sql.ref(`${alias}.id`)}), '[]'::json)`;
}

/** `quote_line` rows of the quote `alias`, by position, with the SKU of the product each names. */
export function quoteLinesJson(alias: string): RawBuilder<LineRecord[]> {
  return sql<LineRecord[]>`coalesce((
    SELECT json_agg(json_build_object(${lineFields}, 'sku', p.sku) ORDER BY l.position, l.id)
    FROM quote_line l LEFT JOIN product p ON p.id = l.product_id
    WHERE l.quote_id = ${sql.ref(`${alias}.id`)}), '[]'::json)`;
}
