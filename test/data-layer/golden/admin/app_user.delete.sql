-- role admin: mutation { delete_app_user(where: {}) { affected_rows returning { id email first_name last_name organization_id is_platform_admin created_at } } }
WITH "t1" AS (DELETE
  FROM "app_user" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'email', "t1"."email", 'first_name', "t1"."first_name", 'last_name', "t1"."last_name", 'organization_id', "t1"."organization_id", 'is_platform_admin', "t1"."is_platform_admin", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
