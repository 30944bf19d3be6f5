-- role admin: mutation { insert_organization(objects: [{ id: $id, name: $name, slug: $slug, kind: $kind, country_code: $country_code, created_at: $created_at }]) { affected_rows returning { id name slug kind country_code created_at } } }
WITH "t0" AS (INSERT INTO "organization" ("id", "name", "slug", "kind", "country_code", "created_at") VALUES ($1::uuid, $2::text, $3::text, $4::text, $5::bpchar, $6::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'name', "t0"."name", 'slug', "t0"."slug", 'kind', "t0"."kind", 'country_code', "t0"."country_code", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: organization.id $id
-- $2: organization.name $name
-- $3: organization.slug $slug
-- $4: organization.kind $kind
-- $5: organization.country_code $country_code
-- $6: organization.created_at $created_at
