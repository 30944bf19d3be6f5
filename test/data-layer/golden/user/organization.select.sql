-- role user: { organization { id name slug kind country_code } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'name', "t0"."name", 'slug', "t0"."slug", 'kind', "t0"."kind", 'country_code', "t0"."country_code")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."name", "t0"."slug", "t0"."kind", "t0"."country_code"
  FROM "organization" AS "t0"
  WHERE EXISTS (SELECT 1
    FROM "organization_membership" AS "t0__r1"
    WHERE ("t0__r1"."organization_id" = "t0"."id" AND "t0__r1"."user_id" = $1))
  LIMIT 10001) AS "t0"
-- $1: session x-data-user-id
