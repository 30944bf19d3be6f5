-- role fund_manager: { app_user { id email first_name last_name } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'email', "t0"."email", 'first_name', "t0"."first_name", 'last_name', "t0"."last_name")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."email", "t0"."first_name", "t0"."last_name"
  FROM "app_user" AS "t0"
  WHERE EXISTS (SELECT 1
    FROM "fund_subscription" AS "t0__r1"
    WHERE ("t0__r1"."user_id" = "t0"."id" AND EXISTS (SELECT 1
        FROM "fund" AS "t0__r2"
        WHERE ("t0__r2"."id" = "t0__r1"."fund_id" AND "t0__r2"."organization_id" = $1))))
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
