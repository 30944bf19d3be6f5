-- role admin: mutation { delete_kyc_document(where: {}) { affected_rows returning { id kyc_profile_id inspection_id document_type country_code file_upload_id created_at } } }
WITH "t1" AS (DELETE
  FROM "kyc_document" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'kyc_profile_id', "t1"."kyc_profile_id", 'inspection_id', "t1"."inspection_id", 'document_type', "t1"."document_type", 'country_code', "t1"."country_code", 'file_upload_id', "t1"."file_upload_id", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
