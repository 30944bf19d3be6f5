-- role organization_admin: mutation { update_organization(where: {}, _set: { name: $name, country_code: $country_code }) { affected_rows returning { id name slug kind country_code created_at } } }
WITH "t1" AS (UPDATE "organization" AS "t0" SET "name" = $1::text, "country_code" = $2::bpchar
  WHERE "t0"."id" = $3 RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'name', "t1"."name", 'slug', "t1"."slug", 'kind', "t1"."kind", 'country_code', "t1"."country_code", 'created_at', "t1"."created_at")) FILTER (WHERE "t1"."id" = $4), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t1"."id" = $5::uuid, false)), true) AS "check_passed"
FROM "t1"
-- $1: organization.name $name
-- $2: organization.country_code $country_code
-- $3: session x-data-organization-id
-- $4: session x-data-organization-id
-- $5: session x-data-organization-id
