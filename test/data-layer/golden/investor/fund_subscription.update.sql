-- role investor: mutation { update_fund_subscription(where: {}, _set: { status: $status }) { affected_rows returning { id fund_id subscription_amount status created_at } } }
WITH "t1" AS (UPDATE "fund_subscription" AS "t0" SET "status" = $1::text
  WHERE ("t0"."user_id" = $2 AND "t0"."status" = $3) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'fund_id', "t1"."fund_id", 'subscription_amount', "t1"."subscription_amount"::text, 'status', "t1"."status", 'created_at', "t1"."created_at")) FILTER (WHERE ("t1"."user_id" = $4 AND "t1"."fund_id" = ANY($5))), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t1"."status" = $6::text, false)), true) AS "check_passed"
FROM "t1"
-- $1: fund_subscription.status $status
-- $2: session x-data-user-id
-- $3: "pending"
-- $4: session x-data-user-id
-- $5: session x-data-allowed-funds
-- $6: "cancelled"
