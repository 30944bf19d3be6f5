-- role admin: mutation { update_file_upload(where: {}, _set: { id: $id, stored_name: $stored_name, original_name: $original_name, content_type: $content_type, size_bytes: $size_bytes, sha256: $sha256, owner_user_id: $owner_user_id, organization_id: $organization_id, case_id: $case_id, fund_id: $fund_id, created_at: $created_at, declared_content_type: $declared_content_type }) { affected_rows returning { id stored_name original_name content_type size_bytes sha256 owner_user_id organization_id case_id fund_id created_at declared_content_type } } }
WITH "t1" AS (UPDATE "file_upload" AS "t0" SET "id" = $1::uuid, "stored_name" = $2::text, "original_name" = $3::text, "content_type" = $4::text, "size_bytes" = $5::int8, "sha256" = $6::bpchar, "owner_user_id" = $7::text, "organization_id" = $8::uuid, "case_id" = $9::int4, "fund_id" = $10::int4, "created_at" = $11::timestamptz, "declared_content_type" = $12::text
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'stored_name', "t1"."stored_name", 'original_name', "t1"."original_name", 'content_type', "t1"."content_type", 'size_bytes', "t1"."size_bytes"::text, 'sha256', "t1"."sha256", 'owner_user_id', "t1"."owner_user_id", 'organization_id', "t1"."organization_id", 'case_id', "t1"."case_id", 'fund_id', "t1"."fund_id", 'created_at', "t1"."created_at", 'declared_content_type', "t1"."declared_content_type")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: file_upload.id $id
-- $2: file_upload.stored_name $stored_name
-- $3: file_upload.original_name $original_name
-- $4: file_upload.content_type $content_type
-- $5: file_upload.size_bytes $size_bytes
-- $6: file_upload.sha256 $sha256
-- $7: file_upload.owner_user_id $owner_user_id
-- $8: file_upload.organization_id $organization_id
-- $9: file_upload.case_id $case_id
-- $10: file_upload.fund_id $fund_id
-- $11: file_upload.created_at $created_at
-- $12: file_upload.declared_content_type $declared_content_type
