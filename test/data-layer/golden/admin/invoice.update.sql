-- role admin: mutation { update_invoice(where: {}, _set: { id: $id, invoice_number: $invoice_number, organization_id: $organization_id, recipient_user_id: $recipient_user_id, currency: $currency, subtotal: $subtotal, tax_total: $tax_total, total: $total, status: $status, issued_at: $issued_at, due_at: $due_at, internal_notes: $internal_notes, cost_breakdown: $cost_breakdown, created_by: $created_by, created_at: $created_at }) { affected_rows returning { id invoice_number organization_id recipient_user_id currency subtotal tax_total total status issued_at due_at internal_notes cost_breakdown created_by created_at } } }
WITH "t1" AS (UPDATE "invoice" AS "t0" SET "id" = $1::int4, "invoice_number" = $2::text, "organization_id" = $3::uuid, "recipient_user_id" = $4::text, "currency" = $5::bpchar, "subtotal" = $6::numeric, "tax_total" = $7::numeric, "total" = $8::numeric, "status" = $9::text, "issued_at" = $10::timestamptz, "due_at" = $11::timestamptz, "internal_notes" = $12::text, "cost_breakdown" = $13::jsonb, "created_by" = $14::text, "created_at" = $15::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'invoice_number', "t1"."invoice_number", 'organization_id', "t1"."organization_id", 'recipient_user_id', "t1"."recipient_user_id", 'currency', "t1"."currency", 'subtotal', "t1"."subtotal"::text, 'tax_total', "t1"."tax_total"::text, 'total', "t1"."total"::text, 'status', "t1"."status", 'issued_at', "t1"."issued_at", 'due_at', "t1"."due_at", 'internal_notes', "t1"."internal_notes", 'cost_breakdown', "t1"."cost_breakdown", 'created_by', "t1"."created_by", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
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
