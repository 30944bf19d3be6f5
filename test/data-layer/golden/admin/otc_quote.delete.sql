-- role admin: mutation { delete_otc_quote(where: {}) { affected_rows returning { id organization_id user_id product_id from_currency to_currency side quote_size quote_fee_perc exchange_rate total status expires_at created_at } } }
WITH "t1" AS (DELETE
  FROM "otc_quote" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'organization_id', "t1"."organization_id", 'user_id', "t1"."user_id", 'product_id', "t1"."product_id", 'from_currency', "t1"."from_currency", 'to_currency', "t1"."to_currency", 'side', "t1"."side", 'quote_size', "t1"."quote_size"::text, 'quote_fee_perc', "t1"."quote_fee_perc"::text, 'exchange_rate', "t1"."exchange_rate"::text, 'total', "t1"."total"::text, 'status', "t1"."status", 'expires_at', "t1"."expires_at", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
