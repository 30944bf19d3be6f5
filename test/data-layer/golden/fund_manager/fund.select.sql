-- role fund_manager: { fund { id organization_id name currency nav_per_unit status created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'organization_id', "t0"."organization_id", 'name', "t0"."name", 'currency', "t0"."currency", 'nav_per_unit', "t0"."nav_per_unit"::text, 'status', "t0"."status", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."organization_id", "t0"."name", "t0"."currency", "t0"."nav_per_unit", "t0"."status", "t0"."created_at"
  FROM "fund" AS "t0"
  WHERE "t0"."organization_id" = $1
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
