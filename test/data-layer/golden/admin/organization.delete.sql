-- role admin: mutation { delete_organization(where: {}) { affected_rows returning { id name slug kind country_code created_at } } }
WITH "t1" AS (DELETE
  FROM "organization" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'name', "t1"."name", 'slug', "t1"."slug", 'kind', "t1"."kind", 'country_code', "t1"."country_code", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
