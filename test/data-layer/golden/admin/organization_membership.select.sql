-- role admin: { organization_membership { organization_id user_id role created_at } }
SELECT coalesce(json_agg(json_build_object('organization_id', "t0"."organization_id", 'user_id', "t0"."user_id", 'role', "t0"."role", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."organization_id", "t0"."user_id", "t0"."role", "t0"."created_at"
  FROM "organization_membership" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
