-- role admin: mutation { update_fund_subscription(where: {}, _inc: { id: $id, fund_id: $fund_id, subscription_amount: $subscription_amount }) { affected_rows returning { id fund_id user_id subscription_amount status created_at updated_at processed_by_user_id } } }
WITH "t1" AS (UPDATE "fund_subscription" AS "t0" SET "id" = "t0"."id" + $1::int4, "fund_id" = "t0"."fund_id" + $2::int4, "subscription_amount" = "t0"."subscription_amount" + $3::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'fund_id', "t1"."fund_id", 'user_id', "t1"."user_id", 'subscription_amount', "t1"."subscription_amount"::text, 'status', "t1"."status", 'created_at', "t1"."created_at", 'updated_at', "t1"."updated_at", 'processed_by_user_id', "t1"."processed_by_user_id")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: fund_subscription.id $id
-- $2: fund_subscription.fund_id $fund_id
-- $3: fund_subscription.subscription_amount $subscription_amount
