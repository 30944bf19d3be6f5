-- role admin: mutation { delete_quote(where: {}) { affected_rows returning { id quote_number organization_id user_id currency subtotal tax_total total status valid_until created_at } } }
WITH "t1" AS (DELETE
  FROM "quote" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'quote_number', "t1"."quote_number", 'organization_id', "t1"."organization_id", 'user_id', "t1"."user_id", 'currency', "t1"."currency", 'subtotal', "t1"."subtotal"::text, 'tax_total', "t1"."tax_total"::text, 'total', "t1"."total"::text, 'status', "t1"."status", 'valid_until', "t1"."valid_until", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
