-- role admin: mutation { insert_app_user(objects: [{ id: $id, email: $email, first_name: $first_name, last_name: $last_name, organization_id: $organization_id, is_platform_admin: $is_platform_admin, created_at: $created_at }]) { affected_rows returning { id email first_name last_name organization_id is_platform_admin created_at } } }
WITH "t0" AS (INSERT INTO "app_user" ("id", "email", "first_name", "last_name", "organization_id", "is_platform_admin", "created_at") VALUES ($1::text, $2::text, $3::text, $4::text, $5::uuid, $6::bool, $7::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'email', "t0"."email", 'first_name', "t0"."first_name", 'last_name', "t0"."last_name", 'organization_id', "t0"."organization_id", 'is_platform_admin', "t0"."is_platform_admin", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: app_user.id $id
-- $2: app_user.email $email
-- $3: app_user.first_name $first_name
-- $4: app_user.last_name $last_name
-- $5: app_user.organization_id $organization_id
-- $6: app_user.is_platform_admin $is_platform_admin
-- $7: app_user.created_at $created_at
