-- role client_user_admin: mutation { insert_app_user(objects: [{ id: $id, email: $email, first_name: $first_name, last_name: $last_name }]) { affected_rows returning { id email first_name last_name organization_id created_at } } }
WITH "t0" AS (INSERT INTO "app_user" ("id", "email", "first_name", "last_name", "organization_id") VALUES ($1::text, $2::text, $3::text, $4::text, $5::uuid) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'email', "t0"."email", 'first_name', "t0"."first_name", 'last_name', "t0"."last_name", 'organization_id', "t0"."organization_id", 'created_at', "t0"."created_at")) FILTER (WHERE "t0"."organization_id" = $6), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t0"."organization_id" = $7, false)), true) AS "check_passed"
FROM "t0"
-- $1: app_user.id $id
-- $2: app_user.email $email
-- $3: app_user.first_name $first_name
-- $4: app_user.last_name $last_name
-- $5: session x-data-organization-id
-- $6: session x-data-organization-id
-- $7: session x-data-organization-id
