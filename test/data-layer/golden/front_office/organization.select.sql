-- role front_office: { organization { id name slug kind country_code created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'name', "t0"."name", 'slug', "t0"."slug", 'kind', "t0"."kind", 'country_code', "t0"."country_code", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0".*
  FROM "organization" AS "t0"
  WHERE true
  LIMIT $1) AS "t0"
-- $1: 10001
