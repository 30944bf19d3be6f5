-- role admin: { organization { id name slug kind country_code created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'name', "t0"."name", 'slug', "t0"."slug", 'kind', "t0"."kind", 'country_code', "t0"."country_code", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."name", "t0"."slug", "t0"."kind", "t0"."country_code", "t0"."created_at"
  FROM "organization" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
