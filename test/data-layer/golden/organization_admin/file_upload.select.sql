-- role organization_admin: { file_upload { id stored_name original_name content_type size_bytes sha256 owner_user_id organization_id case_id fund_id created_at declared_content_type } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'stored_name', "t0"."stored_name", 'original_name', "t0"."original_name", 'content_type', "t0"."content_type", 'size_bytes', "t0"."size_bytes"::text, 'sha256', "t0"."sha256", 'owner_user_id', "t0"."owner_user_id", 'organization_id', "t0"."organization_id", 'case_id', "t0"."case_id", 'fund_id', "t0"."fund_id", 'created_at', "t0"."created_at", 'declared_content_type', "t0"."declared_content_type")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."stored_name", "t0"."original_name", "t0"."content_type", "t0"."size_bytes", "t0"."sha256", "t0"."owner_user_id", "t0"."organization_id", "t0"."case_id", "t0"."fund_id", "t0"."created_at", "t0"."declared_content_type"
  FROM "file_upload" AS "t0"
  WHERE "t0"."organization_id" = $1
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
