-- role family_office: { fund { id name currency nav_per_unit status } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'name', "t0"."name", 'currency', "t0"."currency", 'nav_per_unit', "t0"."nav_per_unit"::text, 'status', "t0"."status")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."name", "t0"."currency", "t0"."nav_per_unit", "t0"."status"
  FROM "fund" AS "t0"
  WHERE EXISTS (SELECT 1
    FROM "fund_subscription" AS "t0__r1"
    WHERE ("t0__r1"."fund_id" = "t0"."id" AND EXISTS (SELECT 1
        FROM "app_user" AS "t0__r2"
        WHERE ("t0__r2"."id" = "t0__r1"."user_id" AND "t0__r2"."organization_id" = $1))))
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
