-- role admin: mutation { update_trading_product(where: {}, _inc: { min_size: $min_size, max_size: $max_size }) { affected_rows returning { id base_currency quote_currency status min_size max_size } } }
WITH "t1" AS (UPDATE "trading_product" AS "t0" SET "min_size" = "t0"."min_size" + $1::numeric, "max_size" = "t0"."max_size" + $2::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'base_currency', "t1"."base_currency", 'quote_currency', "t1"."quote_currency", 'status', "t1"."status", 'min_size', "t1"."min_size"::text, 'max_size', "t1"."max_size"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: trading_product.min_size $min_size
-- $2: trading_product.max_size $max_size
