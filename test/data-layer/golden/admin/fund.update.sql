-- role admin: mutation { update_fund(where: {}, _set: { id: $id, organization_id: $organization_id, name: $name, currency: $currency, nav_per_unit: $nav_per_unit, status: $status, created_at: $created_at }) { affected_rows returning { id organization_id name currency nav_per_unit status created_at } } }
WITH "t1" AS (UPDATE "fund" AS "t0" SET "id" = $1::int4, "organization_id" = $2::uuid, "name" = $3::text, "currency" = $4::bpchar, "nav_per_unit" = $5::numeric, "status" = $6::text, "created_at" = $7::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'organization_id', "t1"."organization_id", 'name', "t1"."name", 'currency', "t1"."currency", 'nav_per_unit', "t1"."nav_per_unit"::text, 'status', "t1"."status", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: fund.id $id
-- $2: fund.organization_id $organization_id
-- $3: fund.name $name
-- $4: fund.currency $currency
-- $5: fund.nav_per_unit $nav_per_unit
-- $6: fund.status $status
-- $7: fund.created_at $created_at
