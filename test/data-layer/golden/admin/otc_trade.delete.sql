-- role admin: mutation { delete_otc_trade(where: {}) { affected_rows returning { id quote_id organization_id user_id status executed_at settled_at from_wallet_id to_wallet_id } } }
WITH "t1" AS (DELETE
  FROM "otc_trade" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'quote_id', "t1"."quote_id", 'organization_id', "t1"."organization_id", 'user_id', "t1"."user_id", 'status', "t1"."status", 'executed_at', "t1"."executed_at", 'settled_at', "t1"."settled_at", 'from_wallet_id', "t1"."from_wallet_id", 'to_wallet_id', "t1"."to_wallet_id")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
