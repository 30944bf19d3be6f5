-- role accounting: mutation { insert_invoice(objects: [{ invoice_number: $invoice_number, organization_id: $organization_id, recipient_user_id: $recipient_user_id, currency: $currency, subtotal: $subtotal, tax_total: $tax_total, total: $total, issued_at: $issued_at, due_at: $due_at, internal_notes: $internal_notes, cost_breakdown: $cost_breakdown }]) { affected_rows returning { id invoice_number organization_id recipient_user_id currency subtotal tax_total total status issued_at due_at internal_notes cost_breakdown created_by created_at } } }
WITH "t0" AS (INSERT INTO "invoice" ("invoice_number", "organization_id", "recipient_user_id", "currency", "subtotal", "tax_total", "total", "issued_at", "due_at", "internal_notes", "cost_breakdown", "created_by") VALUES ($1::text, $2::uuid, $3::text, $4::bpchar, $5::numeric, $6::numeric, $7::numeric, $8::timestamptz, $9::timestamptz, $10::text, $11::jsonb, $12::text) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'invoice_number', "t0"."invoice_number", 'organization_id', "t0"."organization_id", 'recipient_user_id', "t0"."recipient_user_id", 'currency', "t0"."currency", 'subtotal', "t0"."subtotal"::text, 'tax_total', "t0"."tax_total"::text, 'total', "t0"."total"::text, 'status', "t0"."status", 'issued_at', "t0"."issued_at", 'due_at', "t0"."due_at", 'internal_notes', "t0"."internal_notes", 'cost_breakdown', "t0"."cost_breakdown", 'created_by', "t0"."created_by", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t0"."status" = $13, false)), true) AS "check_passed"
FROM "t0"
-- $1: invoice.invoice_number $invoice_number
-- $2: invoice.organization_id $organization_id
-- $3: invoice.recipient_user_id $recipient_user_id
-- $4: invoice.currency $currency
-- $5: invoice.subtotal $subtotal
-- $6: invoice.tax_total $tax_total
-- $7: invoice.total $total
-- $8: invoice.issued_at $issued_at
-- $9: invoice.due_at $due_at
-- $10: invoice.internal_notes $internal_notes
-- $11: invoice.cost_breakdown $cost_breakdown
-- $12: session x-data-user-id
-- $13: "draft"
