-- role admin: mutation { update_digital_wallet_value_history(where: {}, _inc: { wallet_id: $wallet_id, usd_value: $usd_value }) { affected_rows returning { wallet_id recorded_at usd_value } } }
WITH "t1" AS (UPDATE "digital_wallet_value_history" AS "t0" SET "wallet_id" = "t0"."wallet_id" + $1::int4, "usd_value" = "t0"."usd_value" + $2::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('wallet_id', "t1"."wallet_id", 'recorded_at', "t1"."recorded_at", 'usd_value', "t1"."usd_value"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: digital_wallet_value_history.wallet_id $wallet_id
-- $2: digital_wallet_value_history.usd_value $usd_value
