-- role organization_admin: { quote { id quote_number organization_id user_id currency subtotal tax_total total status valid_until created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'quote_number', "t0"."quote_number", 'organization_id', "t0"."organization_id", 'user_id', "t0"."user_id", 'currency', "t0"."currency", 'subtotal', "t0"."subtotal"::text, 'tax_total', "t0"."tax_total"::text, 'total', "t0"."total"::text, 'status', "t0"."status", 'valid_until', "t0"."valid_until", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."quote_number", "t0"."organization_id", "t0"."user_id", "t0"."currency", "t0"."subtotal", "t0"."tax_total", "t0"."total", "t0"."status", "t0"."valid_until", "t0"."created_at"
  FROM "quote" AS "t0"
  WHERE "t0"."organization_id" = $1
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
