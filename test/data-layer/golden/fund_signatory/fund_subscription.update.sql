-- role fund_signatory: mutation { update_fund_subscription(where: {}, _set: { status: $status }) { affected_rows returning { id fund_id user_id subscription_amount status created_at updated_at processed_by_user_id } } }
WITH "t1" AS (UPDATE "fund_subscription" AS "t0" SET "status" = $1::text
  WHERE (EXISTS (SELECT 1
      FROM "fund" AS "t0__r1"
      WHERE ("t0__r1"."id" = "t0"."fund_id" AND "t0__r1"."organization_id" = $2)) AND "t0"."status" = $3) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'fund_id', "t1"."fund_id", 'user_id', "t1"."user_id", 'subscription_amount', "t1"."subscription_amount"::text, 'status', "t1"."status", 'created_at', "t1"."created_at", 'updated_at', "t1"."updated_at", 'processed_by_user_id', "t1"."processed_by_user_id")) FILTER (WHERE EXISTS (SELECT 1
        FROM "fund" AS "t1__r1"
        WHERE ("t1__r1"."id" = "t1"."fund_id" AND "t1__r1"."organization_id" = $4))), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t1"."status" = ANY($5::text[]), false)), true) AS "check_passed"
FROM "t1"
-- $1: fund_subscription.status $status
-- $2: session x-data-organization-id
-- $3: "approved"
-- $4: session x-data-organization-id
-- $5: ["processed","rejected"]
