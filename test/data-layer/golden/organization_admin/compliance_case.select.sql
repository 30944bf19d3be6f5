-- role organization_admin: { compliance_case { id organization_id subject_user_id fund_id case_type status title created_at closed_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'organization_id', "t0"."organization_id", 'subject_user_id', "t0"."subject_user_id", 'fund_id', "t0"."fund_id", 'case_type', "t0"."case_type", 'status', "t0"."status", 'title', "t0"."title", 'created_at', "t0"."created_at", 'closed_at', "t0"."closed_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."organization_id", "t0"."subject_user_id", "t0"."fund_id", "t0"."case_type", "t0"."status", "t0"."title", "t0"."created_at", "t0"."closed_at"
  FROM "compliance_case" AS "t0"
  WHERE "t0"."organization_id" = $1
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
