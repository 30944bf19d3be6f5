-- role admin: mutation { update_coin_price(where: {}, _inc: { usd_price: $usd_price, market_cap_usd: $market_cap_usd, market_cap_rank: $market_cap_rank }) { affected_rows returning { symbol usd_price market_cap_usd market_cap_rank updated_at } } }
WITH "t1" AS (UPDATE "coin_price" AS "t0" SET "usd_price" = "t0"."usd_price" + $1::numeric, "market_cap_usd" = "t0"."market_cap_usd" + $2::numeric, "market_cap_rank" = "t0"."market_cap_rank" + $3::int4
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('symbol', "t1"."symbol", 'usd_price', "t1"."usd_price"::text, 'market_cap_usd', "t1"."market_cap_usd"::text, 'market_cap_rank', "t1"."market_cap_rank", 'updated_at', "t1"."updated_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: coin_price.usd_price $usd_price
-- $2: coin_price.market_cap_usd $market_cap_usd
-- $3: coin_price.market_cap_rank $market_cap_rank
