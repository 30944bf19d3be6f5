-- role admin: mutation { update_kyc_document(where: {}, _set: { id: $id, kyc_profile_id: $kyc_profile_id, inspection_id: $inspection_id, document_type: $document_type, country_code: $country_code, file_upload_id: $file_upload_id, created_at: $created_at }) { affected_rows returning { id kyc_profile_id inspection_id document_type country_code file_upload_id created_at } } }
WITH "t1" AS (UPDATE "kyc_document" AS "t0" SET "id" = $1::uuid, "kyc_profile_id" = $2::uuid, "inspection_id" = $3::text, "document_type" = $4::text, "country_code" = $5::bpchar, "file_upload_id" = $6::uuid, "created_at" = $7::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'kyc_profile_id', "t1"."kyc_profile_id", 'inspection_id', "t1"."inspection_id", 'document_type', "t1"."document_type", 'country_code', "t1"."country_code", 'file_upload_id', "t1"."file_upload_id", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: kyc_document.id $id
-- $2: kyc_document.kyc_profile_id $kyc_profile_id
-- $3: kyc_document.inspection_id $inspection_id
-- $4: kyc_document.document_type $document_type
-- $5: kyc_document.country_code $country_code
-- $6: kyc_document.file_upload_id $file_upload_id
-- $7: kyc_document.created_at $created_at
