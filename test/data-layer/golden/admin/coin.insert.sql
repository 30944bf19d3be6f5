-- role admin: mutation { insert_coin(objects: [{ symbol: $symbol, name: $name, network: $network, decimals: $decimals }]) { affected_rows returning { symbol name network decimals } } }
WITH "t0" AS (INSERT INTO "coin" ("symbol", "name", "network", "decimals") VALUES ($1::text, $2::text, $3::text, $4::int4) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('symbol', "t0"."symbol", 'name', "t0"."name", 'network', "t0"."network", 'decimals', "t0"."decimals")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: coin.symbol $symbol
-- $2: coin.name $name
-- $3: coin.network $network
-- $4: coin.decimals $decimals
