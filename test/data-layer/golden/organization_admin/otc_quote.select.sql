-- role organization_admin: { otc_quote { id organization_id user_id product_id from_currency to_currency side quote_size quote_fee_perc exchange_rate total status expires_at created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'organization_id', "t0"."organization_id", 'user_id', "t0"."user_id", 'product_id', "t0"."product_id", 'from_currency', "t0"."from_currency", 'to_currency', "t0"."to_currency", 'side', "t0"."side", 'quote_size', "t0"."quote_size"::text, 'quote_fee_perc', "t0"."quote_fee_perc"::text, 'exchange_rate', "t0"."exchange_rate"::text, 'total', "t0"."total"::text, 'status', "t0"."status", 'expires_at', "t0"."expires_at", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."organization_id", "t0"."user_id", "t0"."product_id", "t0"."from_currency", "t0"."to_currency", "t0"."side", "t0"."quote_size", "t0"."quote_fee_perc", "t0"."exchange_rate", "t0"."total", "t0"."status", "t0"."expires_at", "t0"."created_at"
  FROM "otc_quote" AS "t0"
  WHERE "t0"."organization_id" = $1
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
