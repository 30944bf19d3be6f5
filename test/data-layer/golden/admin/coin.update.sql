-- role admin: mutation { update_coin(where: {}, _set: { symbol: $symbol, name: $name, network: $network, decimals: $decimals, network_fee_coin: $network_fee_coin }) { affected_rows returning { symbol name network decimals network_fee_coin } } }
WITH "t1" AS (UPDATE "coin" AS "t0" SET "symbol" = $1::text, "name" = $2::text, "network" = $3::text, "decimals" = $4::int4, "network_fee_coin" = $5::bool
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('symbol', "t1"."symbol", 'name', "t1"."name", 'network', "t1"."network", 'decimals', "t1"."decimals", 'network_fee_coin', "t1"."network_fee_coin")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: coin.symbol $symbol
-- $2: coin.name $name
-- $3: coin.network $network
-- $4: coin.decimals $decimals
-- $5: coin.network_fee_coin $network_fee_coin
