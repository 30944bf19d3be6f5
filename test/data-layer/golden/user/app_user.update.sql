-- role user: mutation { update_app_user(where: {}, _set: { first_name: $first_name, last_name: $last_name }) { affected_rows returning { id email first_name last_name organization_id created_at } } }
WITH "t1" AS (UPDATE "app_user" AS "t0" SET "first_name" = $1::text, "last_name" = $2::text
  WHERE "t0"."id" = $3 RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'email', "t1"."email", 'first_name', "t1"."first_name", 'last_name', "t1"."last_name", 'organization_id', "t1"."organization_id", 'created_at', "t1"."created_at")) FILTER (WHERE "t1"."id" = $4), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t1"."id" = $5::text, false)), true) AS "check_passed"
FROM "t1"
-- $1: app_user.first_name $first_name
-- $2: app_user.last_name $last_name
-- $3: session x-data-user-id
-- $4: session x-data-user-id
-- $5: session x-data-user-id
