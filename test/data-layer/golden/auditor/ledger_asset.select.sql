-- role auditor: { ledger_asset { code decimals coin } }
SELECT coalesce(json_agg(json_build_object('code', "t0"."code", 'decimals', "t0"."decimals", 'coin', "t0"."coin")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."code", "t0"."decimals", "t0"."coin"
  FROM "ledger_asset" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
