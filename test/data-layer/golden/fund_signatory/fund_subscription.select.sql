-- role fund_signatory: { fund_subscription { id fund_id user_id subscription_amount status created_at updated_at processed_by_user_id } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'fund_id', "t0"."fund_id", 'user_id', "t0"."user_id", 'subscription_amount', "t0"."subscription_amount"::text, 'status', "t0"."status", 'created_at', "t0"."created_at", 'updated_at', "t0"."updated_at", 'processed_by_user_id', "t0"."processed_by_user_id")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."fund_id", "t0"."user_id", "t0"."subscription_amount", "t0"."status", "t0"."created_at", "t0"."updated_at", "t0"."processed_by_user_id"
  FROM "fund_subscription" AS "t0"
  WHERE EXISTS (SELECT 1
    FROM "fund" AS "t0__r1"
    WHERE ("t0__r1"."id" = "t0"."fund_id" AND "t0__r1"."organization_id" = $1))
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
