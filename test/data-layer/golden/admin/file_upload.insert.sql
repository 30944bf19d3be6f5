-- role admin: mutation { insert_file_upload(objects: [{ id: $id, stored_name: $stored_name, original_name: $original_name, content_type: $content_type, size_bytes: $size_bytes, sha256: $sha256, owner_user_id: $owner_user_id, organization_id: $organization_id, case_id: $case_id, fund_id: $fund_id, created_at: $created_at, declared_content_type: $declared_content_type }]) { affected_rows returning { id stored_name original_name content_type size_bytes sha256 owner_user_id organization_id case_id fund_id created_at declared_content_type } } }
WITH "t0" AS (INSERT INTO "file_upload" ("id", "stored_name", "original_name", "content_type", "size_bytes", "sha256", "owner_user_id", "organization_id", "case_id", "fund_id", "created_at", "declared_content_type") VALUES ($1::uuid, $2::text, $3::text, $4::text, $5::int8, $6::bpchar, $7::text, $8::uuid, $9::int4, $10::int4, $11::timestamptz, $12::text) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'stored_name', "t0"."stored_name", 'original_name', "t0"."original_name", 'content_type', "t0"."content_type", 'size_bytes', "t0"."size_bytes"::text, 'sha256', "t0"."sha256", 'owner_user_id', "t0"."owner_user_id", 'organization_id', "t0"."organization_id", 'case_id', "t0"."case_id", 'fund_id', "t0"."fund_id", 'created_at', "t0"."created_at", 'declared_content_type', "t0"."declared_content_type")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
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
