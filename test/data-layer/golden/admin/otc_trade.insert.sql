-- role admin: mutation { insert_otc_trade(objects: [{ id: $id, quote_id: $quote_id, organization_id: $organization_id, user_id: $user_id, status: $status, executed_at: $executed_at, settled_at: $settled_at, from_wallet_id: $from_wallet_id, to_wallet_id: $to_wallet_id }]) { affected_rows returning { id quote_id organization_id user_id status executed_at settled_at from_wallet_id to_wallet_id } } }
WITH "t0" AS (INSERT INTO "otc_trade" ("id", "quote_id", "organization_id", "user_id", "status", "executed_at", "settled_at", "from_wallet_id", "to_wallet_id") VALUES ($1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, $6::timestamptz, $7::timestamptz, $8::int4, $9::int4) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'quote_id', "t0"."quote_id", 'organization_id', "t0"."organization_id", 'user_id', "t0"."user_id", 'status', "t0"."status", 'executed_at', "t0"."executed_at", 'settled_at', "t0"."settled_at", 'from_wallet_id', "t0"."from_wallet_id", 'to_wallet_id', "t0"."to_wallet_id")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: otc_trade.id $id
-- $2: otc_trade.quote_id $quote_id
-- $3: otc_trade.organization_id $organization_id
-- $4: otc_trade.user_id $user_id
-- $5: otc_trade.status $status
-- $6: otc_trade.executed_at $executed_at
-- $7: otc_trade.settled_at $settled_at
-- $8: otc_trade.from_wallet_id $from_wallet_id
-- $9: otc_trade.to_wallet_id $to_wallet_id
