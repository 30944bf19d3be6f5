-- role organization_member: { coin_price { symbol usd_price market_cap_usd market_cap_rank updated_at } }
SELECT coalesce(json_agg(json_build_object('symbol', "t0"."symbol", 'usd_price', "t0"."usd_price"::text, 'market_cap_usd', "t0"."market_cap_usd"::text, 'market_cap_rank', "t0"."market_cap_rank", 'updated_at', "t0"."updated_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."symbol", "t0"."usd_price", "t0"."market_cap_usd", "t0"."market_cap_rank", "t0"."updated_at"
  FROM "coin_price" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
