-- role client_user_admin: mutation { update_app_user(where: {}, _set: { email: $email, first_name: $first_name, last_name: $last_name }) { affected_rows returning { id email first_name last_name organization_id created_at } } }
WITH "t1" AS (UPDATE "app_user" AS "t0" SET "email" = $1::text, "first_name" = $2::text, "last_name" = $3::text
  WHERE "t0"."organization_id" = $4 RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'email', "t1"."email", 'first_name', "t1"."first_name", 'last_name', "t1"."last_name", 'organization_id', "t1"."organization_id", 'created_at', "t1"."created_at")) FILTER (WHERE "t1"."organization_id" = $5), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t1"."organization_id" = $6::uuid, false)), true) AS "check_passed"
FROM "t1"
-- $1: app_user.email $email
-- $2: app_user.first_name $first_name
-- $3: app_user.last_name $last_name
-- $4: session x-data-organization-id
-- $5: session x-data-organization-id
-- $6: session x-data-organization-id
