-- role admin: mutation { insert_coin(objects: [{ symbol: $symbol, name: $name, network: $network, decimals: $decimals, network_fee_coin: $network_fee_coin }]) { affected_rows returning { symbol name network decimals network_fee_coin } } }
WITH "t0" AS (INSERT INTO "coin" ("symbol", "name", "network", "decimals", "network_fee_coin") VALUES ($1::text, $2::text, $3::text, $4::int4, $5::bool) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('symbol', "t0"."symbol", 'name', "t0"."name", 'network', "t0"."network", 'decimals', "t0"."decimals", 'network_fee_coin', "t0"."network_fee_coin")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: coin.symbol $symbol
-- $2: coin.name $name
-- $3: coin.network $network
-- $4: coin.decimals $decimals
-- $5: coin.network_fee_coin $network_fee_coin
