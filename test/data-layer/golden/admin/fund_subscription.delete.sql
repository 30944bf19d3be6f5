-- role admin: mutation { delete_fund_subscription(where: {}) { affected_rows returning { id fund_id user_id subscription_amount status created_at updated_at processed_by_user_id } } }
WITH "t1" AS (DELETE
  FROM "fund_subscription" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'fund_id', "t1"."fund_id", 'user_id', "t1"."user_id", 'subscription_amount', "t1"."subscription_amount"::text, 'status', "t1"."status", 'created_at', "t1"."created_at", 'updated_at', "t1"."updated_at", 'processed_by_user_id', "t1"."processed_by_user_id")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
