-- role admin: mutation { update_quote(where: {}, _inc: { id: $id, subtotal: $subtotal, tax_total: $tax_total, total: $total }) { affected_rows returning { id quote_number organization_id user_id currency subtotal tax_total total status valid_until created_at } } }
WITH "t1" AS (UPDATE "quote" AS "t0" SET "id" = "t0"."id" + $1::int4, "subtotal" = "t0"."subtotal" + $2::numeric, "tax_total" = "t0"."tax_total" + $3::numeric, "total" = "t0"."total" + $4::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'quote_number', "t1"."quote_number", 'organization_id', "t1"."organization_id", 'user_id', "t1"."user_id", 'currency', "t1"."currency", 'subtotal', "t1"."subtotal"::text, 'tax_total', "t1"."tax_total"::text, 'total', "t1"."total"::text, 'status', "t1"."status", 'valid_until', "t1"."valid_until", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: quote.id $id
-- $2: quote.subtotal $subtotal
-- $3: quote.tax_total $tax_total
-- $4: quote.total $total
