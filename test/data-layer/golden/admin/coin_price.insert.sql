-- role admin: mutation { insert_coin_price(objects: [{ symbol: $symbol, usd_price: $usd_price, market_cap_usd: $market_cap_usd, market_cap_rank: $market_cap_rank, updated_at: $updated_at }]) { affected_rows returning { symbol usd_price market_cap_usd market_cap_rank updated_at } } }
WITH "t0" AS (INSERT INTO "coin_price" ("symbol", "usd_price", "market_cap_usd", "market_cap_rank", "updated_at") VALUES ($1::text, $2::numeric, $3::numeric, $4::int4, $5::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('symbol', "t0"."symbol", 'usd_price', "t0"."usd_price"::text, 'market_cap_usd', "t0"."market_cap_usd"::text, 'market_cap_rank', "t0"."market_cap_rank", 'updated_at', "t0"."updated_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: coin_price.symbol $symbol
-- $2: coin_price.usd_price $usd_price
-- $3: coin_price.market_cap_usd $market_cap_usd
-- $4: coin_price.market_cap_rank $market_cap_rank
-- $5: coin_price.updated_at $updated_at
