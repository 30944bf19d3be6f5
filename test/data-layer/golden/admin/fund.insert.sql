-- role admin: mutation { insert_fund(objects: [{ id: $id, organization_id: $organization_id, name: $name, currency: $currency, nav_per_unit: $nav_per_unit, status: $status, created_at: $created_at }]) { affected_rows returning { id organization_id name currency nav_per_unit status created_at } } }
WITH "t0" AS (INSERT INTO "fund" ("id", "organization_id", "name", "currency", "nav_per_unit", "status", "created_at") VALUES ($1::int4, $2::uuid, $3::text, $4::bpchar, $5::numeric, $6::text, $7::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'organization_id', "t0"."organization_id", 'name', "t0"."name", 'currency', "t0"."currency", 'nav_per_unit', "t0"."nav_per_unit"::text, 'status', "t0"."status", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: fund.id $id
-- $2: fund.organization_id $organization_id
-- $3: fund.name $name
-- $4: fund.currency $currency
-- $5: fund.nav_per_unit $nav_per_unit
-- $6: fund.status $status
-- $7: fund.created_at $created_at
