-- role accounting: { app_user { id email first_name last_name organization_id } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'email', "t0"."email", 'first_name', "t0"."first_name", 'last_name', "t0"."last_name", 'organization_id', "t0"."organization_id")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."email", "t0"."first_name", "t0"."last_name", "t0"."organization_id"
  FROM "app_user" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
