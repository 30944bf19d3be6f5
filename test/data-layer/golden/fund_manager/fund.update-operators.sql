-- role fund_manager: mutation { update_fund(where: {}, _inc: { nav_per_unit: $nav_per_unit }) { affected_rows returning { id organization_id name currency nav_per_unit status created_at } } }
WITH "t1" AS (UPDATE "fund" AS "t0" SET "nav_per_unit" = "t0"."nav_per_unit" + $1::numeric
  WHERE "t0"."organization_id" = $2 RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'organization_id', "t1"."organization_id", 'name', "t1"."name", 'currency', "t1"."currency", 'nav_per_unit', "t1"."nav_per_unit"::text, 'status', "t1"."status", 'created_at', "t1"."created_at")) FILTER (WHERE "t1"."organization_id" = $3), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t1"."organization_id" = $4::uuid, false)), true) AS "check_passed"
FROM "t1"
-- $1: fund.nav_per_unit $nav_per_unit
-- $2: session x-data-organization-id
-- $3: session x-data-organization-id
-- $4: session x-data-organization-id
