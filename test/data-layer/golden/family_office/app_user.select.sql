-- role family_office: { app_user { id first_name last_name } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'first_name', "t0"."first_name", 'last_name', "t0"."last_name")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."first_name", "t0"."last_name"
  FROM "app_user" AS "t0"
  WHERE "t0"."organization_id" = $1
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
