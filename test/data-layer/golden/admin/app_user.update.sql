-- role admin: mutation { update_app_user(where: {}, _set: { id: $id, email: $email, first_name: $first_name, last_name: $last_name, organization_id: $organization_id, is_platform_admin: $is_platform_admin, created_at: $created_at }) { affected_rows returning { id email first_name last_name organization_id is_platform_admin created_at } } }
WITH "t1" AS (UPDATE "app_user" AS "t0" SET "id" = $1::text, "email" = $2::text, "first_name" = $3::text, "last_name" = $4::text, "organization_id" = $5::uuid, "is_platform_admin" = $6::bool, "created_at" = $7::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'email', "t1"."email", 'first_name', "t1"."first_name", 'last_name', "t1"."last_name", 'organization_id', "t1"."organization_id", 'is_platform_admin', "t1"."is_platform_admin", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: app_user.id $id
-- $2: app_user.email $email
-- $3: app_user.first_name $first_name
-- $4: app_user.last_name $last_name
-- $5: app_user.organization_id $organization_id
-- $6: app_user.is_platform_admin $is_platform_admin
-- $7: app_user.created_at $created_at
