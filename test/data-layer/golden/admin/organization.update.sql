-- role admin: mutation { update_organization(where: {}, _set: { id: $id, name: $name, slug: $slug, kind: $kind, country_code: $country_code, created_at: $created_at }) { affected_rows returning { id name slug kind country_code created_at } } }
WITH "t1" AS (UPDATE "organization" AS "t0" SET "id" = $1::uuid, "name" = $2::text, "slug" = $3::text, "kind" = $4::text, "country_code" = $5::bpchar, "created_at" = $6::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'name', "t1"."name", 'slug', "t1"."slug", 'kind', "t1"."kind", 'country_code', "t1"."country_code", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: organization.id $id
-- $2: organization.name $name
-- $3: organization.slug $slug
-- $4: organization.kind $kind
-- $5: organization.country_code $country_code
-- $6: organization.created_at $created_at
