-- role admin: { digital_wallet_value_history { wallet_id recorded_at usd_value } }
SELECT coalesce(json_agg(json_build_object('wallet_id', "t0"."wallet_id", 'recorded_at', "t0"."recorded_at", 'usd_value', "t0"."usd_value"::text)), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."wallet_id", "t0"."recorded_at", "t0"."usd_value"
  FROM "digital_wallet_value_history" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
