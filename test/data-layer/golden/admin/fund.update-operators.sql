-- role admin: mutation { update_fund(where: {}, _inc: { id: $id, nav_per_unit: $nav_per_unit }) { affected_rows returning { id organization_id name currency nav_per_unit status created_at } } }
WITH "t1" AS (UPDATE "fund" AS "t0" SET "id" = "t0"."id" + $1::int4, "nav_per_unit" = "t0"."nav_per_unit" + $2::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'organization_id', "t1"."organization_id", 'name', "t1"."name", 'currency', "t1"."currency", 'nav_per_unit', "t1"."nav_per_unit"::text, 'status', "t1"."status", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: fund.id $id
-- $2: fund.nav_per_unit $nav_per_unit
