-- role admin: mutation { insert_kyc_document(objects: [{ id: $id, kyc_profile_id: $kyc_profile_id, inspection_id: $inspection_id, document_type: $document_type, country_code: $country_code, file_upload_id: $file_upload_id, created_at: $created_at }]) { affected_rows returning { id kyc_profile_id inspection_id document_type country_code file_upload_id created_at } } }
WITH "t0" AS (INSERT INTO "kyc_document" ("id", "kyc_profile_id", "inspection_id", "document_type", "country_code", "file_upload_id", "created_at") VALUES ($1::uuid, $2::uuid, $3::text, $4::text, $5::bpchar, $6::uuid, $7::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'kyc_profile_id', "t0"."kyc_profile_id", 'inspection_id', "t0"."inspection_id", 'document_type', "t0"."document_type", 'country_code', "t0"."country_code", 'file_upload_id', "t0"."file_upload_id", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: kyc_document.id $id
-- $2: kyc_document.kyc_profile_id $kyc_profile_id
-- $3: kyc_document.inspection_id $inspection_id
-- $4: kyc_document.document_type $document_type
-- $5: kyc_document.country_code $country_code
-- $6: kyc_document.file_upload_id $file_upload_id
-- $7: kyc_document.created_at $created_at
