-- role admin: mutation { update_fund_redemption(where: {}, _set: { id: $id, fund_id: $fund_id, user_id: $user_id, redemption_amount: $redemption_amount, status: $status, created_at: $created_at, updated_at: $updated_at, processed_by_user_id: $processed_by_user_id }) { affected_rows returning { id fund_id user_id redemption_amount status created_at updated_at processed_by_user_id } } }
WITH "t1" AS (UPDATE "fund_redemption" AS "t0" SET "id" = $1::int4, "fund_id" = $2::int4, "user_id" = $3::text, "redemption_amount" = $4::numeric, "status" = $5::text, "created_at" = $6::timestamptz, "updated_at" = $7::timestamptz, "processed_by_user_id" = $8::text
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'fund_id', "t1"."fund_id", 'user_id', "t1"."user_id", 'redemption_amount', "t1"."redemption_amount"::text, 'status', "t1"."status", 'created_at', "t1"."created_at", 'updated_at', "t1"."updated_at", 'processed_by_user_id', "t1"."processed_by_user_id")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: fund_redemption.id $id
-- $2: fund_redemption.fund_id $fund_id
-- $3: fund_redemption.user_id $user_id
-- $4: fund_redemption.redemption_amount $redemption_amount
-- $5: fund_redemption.status $status
-- $6: fund_redemption.created_at $created_at
-- $7: fund_redemption.updated_at $updated_at
-- $8: fund_redemption.processed_by_user_id $processed_by_user_id
