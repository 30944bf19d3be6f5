-- role admin: mutation { delete_digital_wallet_value_history(where: {}) { affected_rows returning { wallet_id recorded_at usd_value } } }
WITH "t1" AS (DELETE
  FROM "digital_wallet_value_history" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('wallet_id', "t1"."wallet_id", 'recorded_at', "t1"."recorded_at", 'usd_value', "t1"."usd_value"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
