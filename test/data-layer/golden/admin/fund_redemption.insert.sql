-- role admin: mutation { insert_fund_redemption(objects: [{ id: $id, fund_id: $fund_id, user_id: $user_id, redemption_amount: $redemption_amount, status: $status, created_at: $created_at, updated_at: $updated_at, processed_by_user_id: $processed_by_user_id }]) { affected_rows returning { id fund_id user_id redemption_amount status created_at updated_at processed_by_user_id } } }
WITH "t0" AS (INSERT INTO "fund_redemption" ("id", "fund_id", "user_id", "redemption_amount", "status", "created_at", "updated_at", "processed_by_user_id") VALUES ($1::int4, $2::int4, $3::text, $4::numeric, $5::text, $6::timestamptz, $7::timestamptz, $8::text) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'fund_id', "t0"."fund_id", 'user_id', "t0"."user_id", 'redemption_amount', "t0"."redemption_amount"::text, 'status', "t0"."status", 'created_at', "t0"."created_at", 'updated_at', "t0"."updated_at", 'processed_by_user_id', "t0"."processed_by_user_id")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: fund_redemption.id $id
-- $2: fund_redemption.fund_id $fund_id
-- $3: fund_redemption.user_id $user_id
-- $4: fund_redemption.redemption_amount $redemption_amount
-- $5: fund_redemption.status $status
-- $6: fund_redemption.created_at $created_at
-- $7: fund_redemption.updated_at $updated_at
-- $8: fund_redemption.processed_by_user_id $processed_by_user_id
