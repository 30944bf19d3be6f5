-- role organization_admin: { otc_trade { id quote_id organization_id user_id status executed_at settled_at from_wallet_id to_wallet_id } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'quote_id', "t0"."quote_id", 'organization_id', "t0"."organization_id", 'user_id', "t0"."user_id", 'status', "t0"."status", 'executed_at', "t0"."executed_at", 'settled_at', "t0"."settled_at", 'from_wallet_id', "t0"."from_wallet_id", 'to_wallet_id', "t0"."to_wallet_id")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."quote_id", "t0"."organization_id", "t0"."user_id", "t0"."status", "t0"."executed_at", "t0"."settled_at", "t0"."from_wallet_id", "t0"."to_wallet_id"
  FROM "otc_trade" AS "t0"
  WHERE "t0"."organization_id" = $1
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
