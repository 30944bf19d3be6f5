-- role accounting: mutation { update_invoice(where: {}, _inc: { subtotal: $subtotal, tax_total: $tax_total, total: $total }, _append: { cost_breakdown: $cost_breakdown }) { affected_rows returning { id invoice_number organization_id recipient_user_id currency subtotal tax_total total status issued_at due_at internal_notes cost_breakdown created_by created_at } } }
WITH "t1" AS (UPDATE "invoice" AS "t0" SET "subtotal" = "t0"."subtotal" + $1::numeric, "tax_total" = "t0"."tax_total" + $2::numeric, "total" = "t0"."total" + $3::numeric, "cost_breakdown" = "t0"."cost_breakdown" || $4::jsonb
  WHERE "t0"."status" <> $5 RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'invoice_number', "t1"."invoice_number", 'organization_id', "t1"."organization_id", 'recipient_user_id', "t1"."recipient_user_id", 'currency', "t1"."currency", 'subtotal', "t1"."subtotal"::text, 'tax_total', "t1"."tax_total"::text, 'total', "t1"."total"::text, 'status', "t1"."status", 'issued_at', "t1"."issued_at", 'due_at', "t1"."due_at", 'internal_notes', "t1"."internal_notes", 'cost_breakdown', "t1"."cost_breakdown", 'created_by', "t1"."created_by", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t1"."status" <> $6::text, false)), true) AS "check_passed"
FROM "t1"
-- $1: invoice.subtotal $subtotal
-- $2: invoice.tax_total $tax_total
-- $3: invoice.total $total
-- $4: invoice.cost_breakdown $cost_breakdown
-- $5: "locked"
-- $6: "locked"
