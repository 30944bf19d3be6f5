-- role admin: mutation { update_coin(where: {}, _inc: { decimals: $decimals }) { affected_rows returning { symbol name network decimals network_fee_coin } } }
WITH "t1" AS (UPDATE "coin" AS "t0" SET "decimals" = "t0"."decimals" + $1::int4
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('symbol', "t1"."symbol", 'name', "t1"."name", 'network', "t1"."network", 'decimals', "t1"."decimals", 'network_fee_coin', "t1"."network_fee_coin")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: coin.decimals $decimals
