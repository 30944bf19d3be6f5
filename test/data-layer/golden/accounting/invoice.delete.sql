-- role accounting: mutation { delete_invoice(where: {}) { affected_rows returning { id invoice_number organization_id recipient_user_id currency subtotal tax_total total status issued_at due_at internal_notes cost_breakdown created_by created_at } } }
WITH "t1" AS (DELETE
  FROM "invoice" AS "t0"
  WHERE ("t0"."status" = $1 AND "t0"."organization_id" = $2) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'invoice_number', "t1"."invoice_number", 'organization_id', "t1"."organization_id", 'recipient_user_id', "t1"."recipient_user_id", 'currency', "t1"."currency", 'subtotal', "t1"."subtotal"::text, 'tax_total', "t1"."tax_total"::text, 'total', "t1"."total"::text, 'status', "t1"."status", 'issued_at', "t1"."issued_at", 'due_at', "t1"."due_at", 'internal_notes', "t1"."internal_notes", 'cost_breakdown', "t1"."cost_breakdown", 'created_by', "t1"."created_by", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: "draft"
-- $2: session x-data-organization-id
