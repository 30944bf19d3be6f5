-- role admin: mutation { update_otc_trade(where: {}, _inc: { from_wallet_id: $from_wallet_id, to_wallet_id: $to_wallet_id }) { affected_rows returning { id quote_id organization_id user_id status executed_at settled_at from_wallet_id to_wallet_id } } }
WITH "t1" AS (UPDATE "otc_trade" AS "t0" SET "from_wallet_id" = "t0"."from_wallet_id" + $1::int4, "to_wallet_id" = "t0"."to_wallet_id" + $2::int4
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'quote_id', "t1"."quote_id", 'organization_id', "t1"."organization_id", 'user_id', "t1"."user_id", 'status', "t1"."status", 'executed_at', "t1"."executed_at", 'settled_at', "t1"."settled_at", 'from_wallet_id', "t1"."from_wallet_id", 'to_wallet_id', "t1"."to_wallet_id")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: otc_trade.from_wallet_id $from_wallet_id
-- $2: otc_trade.to_wallet_id $to_wallet_id
