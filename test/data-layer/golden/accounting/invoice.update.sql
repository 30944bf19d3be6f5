-- role accounting: mutation { update_invoice(where: {}, _set: { recipient_user_id: $recipient_user_id, currency: $currency, subtotal: $subtotal, tax_total: $tax_total, total: $total, status: $status, issued_at: $issued_at, due_at: $due_at, internal_notes: $internal_notes, cost_breakdown: $cost_breakdown }) { affected_rows returning { id invoice_number organization_id recipient_user_id currency subtotal tax_total total status issued_at due_at internal_notes cost_breakdown created_by created_at } } }
WITH "t1" AS (UPDATE "invoice" AS "t0" SET "recipient_user_id" = $1::text, "currency" = $2::bpchar, "subtotal" = $3::numeric, "tax_total" = $4::numeric, "total" = $5::numeric, "status" = $6::text, "issued_at" = $7::timestamptz, "due_at" = $8::timestamptz, "internal_notes" = $9::text, "cost_breakdown" = $10::jsonb
  WHERE "t0"."status" <> $11 RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'invoice_number', "t1"."invoice_number", 'organization_id', "t1"."organization_id", 'recipient_user_id', "t1"."recipient_user_id", 'currency', "t1"."currency", 'subtotal', "t1"."subtotal"::text, 'tax_total', "t1"."tax_total"::text, 'total', "t1"."total"::text, 'status', "t1"."status", 'issued_at', "t1"."issued_at", 'due_at', "t1"."due_at", 'internal_notes', "t1"."internal_notes", 'cost_breakdown', "t1"."cost_breakdown", 'created_by', "t1"."created_by", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t1"."status" <> $12::text, false)), true) AS "check_passed"
FROM "t1"
-- $1: invoice.recipient_user_id $recipient_user_id
-- $2: invoice.currency $currency
-- $3: invoice.subtotal $subtotal
-- $4: invoice.tax_total $tax_total
-- $5: invoice.total $total
-- $6: invoice.status $status
-- $7: invoice.issued_at $issued_at
-- $8: invoice.due_at $due_at
-- $9: invoice.internal_notes $internal_notes
-- $10: invoice.cost_breakdown $cost_breakdown
-- $11: "locked"
-- $12: "locked"
