-- role admin: mutation { update_trading_product(where: {}, _set: { id: $id, base_currency: $base_currency, quote_currency: $quote_currency, status: $status, min_size: $min_size, max_size: $max_size }) { affected_rows returning { id base_currency quote_currency status min_size max_size } } }
WITH "t1" AS (UPDATE "trading_product" AS "t0" SET "id" = $1::text, "base_currency" = $2::text, "quote_currency" = $3::text, "status" = $4::text, "min_size" = $5::numeric, "max_size" = $6::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'base_currency', "t1"."base_currency", 'quote_currency', "t1"."quote_currency", 'status', "t1"."status", 'min_size', "t1"."min_size"::text, 'max_size', "t1"."max_size"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: trading_product.id $id
-- $2: trading_product.base_currency $base_currency
-- $3: trading_product.quote_currency $quote_currency
-- $4: trading_product.status $status
-- $5: trading_product.min_size $min_size
-- $6: trading_product.max_size $max_size
