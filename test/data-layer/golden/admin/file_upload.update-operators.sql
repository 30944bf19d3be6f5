-- role admin: mutation { update_file_upload(where: {}, _inc: { size_bytes: $size_bytes, case_id: $case_id, fund_id: $fund_id }) { affected_rows returning { id stored_name original_name content_type size_bytes sha256 owner_user_id organization_id case_id fund_id created_at declared_content_type } } }
WITH "t1" AS (UPDATE "file_upload" AS "t0" SET "size_bytes" = "t0"."size_bytes" + $1::int8, "case_id" = "t0"."case_id" + $2::int4, "fund_id" = "t0"."fund_id" + $3::int4
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'stored_name', "t1"."stored_name", 'original_name', "t1"."original_name", 'content_type', "t1"."content_type", 'size_bytes', "t1"."size_bytes"::text, 'sha256', "t1"."sha256", 'owner_user_id', "t1"."owner_user_id", 'organization_id', "t1"."organization_id", 'case_id', "t1"."case_id", 'fund_id', "t1"."fund_id", 'created_at', "t1"."created_at", 'declared_content_type', "t1"."declared_content_type")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: file_upload.size_bytes $size_bytes
-- $2: file_upload.case_id $case_id
-- $3: file_upload.fund_id $fund_id
