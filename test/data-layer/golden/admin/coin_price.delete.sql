-- role admin: mutation { delete_coin_price(where: {}) { affected_rows returning { symbol usd_price market_cap_usd market_cap_rank updated_at } } }
WITH "t1" AS (DELETE
  FROM "coin_price" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('symbol', "t1"."symbol", 'usd_price', "t1"."usd_price"::text, 'market_cap_usd', "t1"."market_cap_usd"::text, 'market_cap_rank', "t1"."market_cap_rank", 'updated_at', "t1"."updated_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
