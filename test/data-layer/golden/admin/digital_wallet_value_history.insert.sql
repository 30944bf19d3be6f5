-- role admin: mutation { insert_digital_wallet_value_history(objects: [{ wallet_id: $wallet_id, recorded_at: $recorded_at, usd_value: $usd_value }]) { affected_rows returning { wallet_id recorded_at usd_value } } }
WITH "t0" AS (INSERT INTO "digital_wallet_value_history" ("wallet_id", "recorded_at", "usd_value") VALUES ($1::int4, $2::timestamptz, $3::numeric) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('wallet_id', "t0"."wallet_id", 'recorded_at', "t0"."recorded_at", 'usd_value', "t0"."usd_value"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: digital_wallet_value_history.wallet_id $wallet_id
-- $2: digital_wallet_value_history.recorded_at $recorded_at
-- $3: digital_wallet_value_history.usd_value $usd_value
