-- role organization_admin: { coin { symbol name network decimals network_fee_coin } }
SELECT coalesce(json_agg(json_build_object('symbol', "t0"."symbol", 'name', "t0"."name", 'network', "t0"."network", 'decimals', "t0"."decimals", 'network_fee_coin', "t0"."network_fee_coin")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."symbol", "t0"."name", "t0"."network", "t0"."decimals", "t0"."network_fee_coin"
  FROM "coin" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
