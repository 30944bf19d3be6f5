-- role admin: { trading_product { id base_currency quote_currency status min_size max_size } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'base_currency', "t0"."base_currency", 'quote_currency', "t0"."quote_currency", 'status', "t0"."status", 'min_size', "t0"."min_size"::text, 'max_size', "t0"."max_size"::text)), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."base_currency", "t0"."quote_currency", "t0"."status", "t0"."min_size", "t0"."max_size"
  FROM "trading_product" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
