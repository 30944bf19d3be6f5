-- role shareholder: { organization { id name kind country_code } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'name', "t0"."name", 'kind', "t0"."kind", 'country_code', "t0"."country_code")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."name", "t0"."kind", "t0"."country_code"
  FROM "organization" AS "t0"
  WHERE "t0"."id" = $1
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
