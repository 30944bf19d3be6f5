-- role admin: mutation { insert_invoice(objects: [{ id: $id, invoice_number: $invoice_number, organization_id: $organization_id, recipient_user_id: $recipient_user_id, currency: $currency, subtotal: $subtotal, tax_total: $tax_total, total: $total, status: $status, issued_at: $issued_at, due_at: $due_at, internal_notes: $internal_notes, cost_breakdown: $cost_breakdown, created_by: $created_by, created_at: $created_at }]) { affected_rows returning { id invoice_number organization_id recipient_user_id currency subtotal tax_total total status issued_at due_at internal_notes cost_breakdown created_by created_at } } }
WITH "t0" AS (INSERT INTO "invoice" ("id", "invoice_number", "organization_id", "recipient_user_id", "currency", "subtotal", "tax_total", "total", "status", "issued_at", "due_at", "internal_notes", "cost_breakdown", "created_by", "created_at") VALUES ($1::int4, $2::text, $3::uuid, $4::text, $5::bpchar, $6::numeric, $7::numeric, $8::numeric, $9::text, $10::timestamptz, $11::timestamptz, $12::text, $13::jsonb, $14::text, $15::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'invoice_number', "t0"."invoice_number", 'organization_id', "t0"."organization_id", 'recipient_user_id', "t0"."recipient_user_id", 'currency', "t0"."currency", 'subtotal', "t0"."subtotal"::text, 'tax_total', "t0"."tax_total"::text, 'total', "t0"."total"::text, 'status', "t0"."status", 'issued_at', "t0"."issued_at", 'due_at', "t0"."due_at", 'internal_notes', "t0"."internal_notes", 'cost_breakdown', "t0"."cost_breakdown", 'created_by', "t0"."created_by", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: invoice.id $id
-- $2: invoice.invoice_number $invoice_number
-- $3: invoice.organization_id $organization_id
-- $4: invoice.recipient_user_id $recipient_user_id
-- $5: invoice.currency $currency
-- $6: invoice.subtotal $subtotal
-- $7: invoice.tax_total $tax_total
-- $8: invoice.total $total
-- $9: invoice.status $status
-- $10: invoice.issued_at $issued_at
-- $11: invoice.due_at $due_at
-- $12: invoice.internal_notes $internal_notes
-- $13: invoice.cost_breakdown $cost_breakdown
-- $14: invoice.created_by $created_by
-- $15: invoice.created_at $created_at
