-- role admin: mutation { insert_trading_product(objects: [{ id: $id, base_currency: $base_currency, quote_currency: $quote_currency, status: $status, min_size: $min_size, max_size: $max_size }]) { affected_rows returning { id base_currency quote_currency status min_size max_size } } }
WITH "t0" AS (INSERT INTO "trading_product" ("id", "base_currency", "quote_currency", "status", "min_size", "max_size") VALUES ($1::text, $2::text, $3::text, $4::text, $5::numeric, $6::numeric) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'base_currency', "t0"."base_currency", 'quote_currency', "t0"."quote_currency", 'status', "t0"."status", 'min_size', "t0"."min_size"::text, 'max_size', "t0"."max_size"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: trading_product.id $id
-- $2: trading_product.base_currency $base_currency
-- $3: trading_product.quote_currency $quote_currency
-- $4: trading_product.status $status
-- $5: trading_product.min_size $min_size
-- $6: trading_product.max_size $max_size
