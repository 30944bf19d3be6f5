-- role beneficial_owner: { compliance_case { id case_type status title created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'case_type', "t0"."case_type", 'status', "t0"."status", 'title', "t0"."title", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."case_type", "t0"."status", "t0"."title", "t0"."created_at"
  FROM "compliance_case" AS "t0"
  WHERE "t0"."subject_user_id" = $1
  LIMIT 10001) AS "t0"
-- $1: session x-data-user-id
