-- role organization_admin: { invoice { id invoice_number organization_id recipient_user_id currency subtotal tax_total total status issued_at due_at created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'invoice_number', "t0"."invoice_number", 'organization_id', "t0"."organization_id", 'recipient_user_id', "t0"."recipient_user_id", 'currency', "t0"."currency", 'subtotal', "t0"."subtotal"::text, 'tax_total', "t0"."tax_total"::text, 'total', "t0"."total"::text, 'status', "t0"."status", 'issued_at', "t0"."issued_at", 'due_at', "t0"."due_at", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."invoice_number", "t0"."organization_id", "t0"."recipient_user_id", "t0"."currency", "t0"."subtotal", "t0"."tax_total", "t0"."total", "t0"."status", "t0"."issued_at", "t0"."due_at", "t0"."created_at"
  FROM "invoice" AS "t0"
  WHERE "t0"."organization_id" = $1
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
