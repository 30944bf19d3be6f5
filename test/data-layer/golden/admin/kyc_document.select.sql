-- role admin: { kyc_document { id kyc_profile_id inspection_id document_type country_code file_upload_id created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'kyc_profile_id', "t0"."kyc_profile_id", 'inspection_id', "t0"."inspection_id", 'document_type', "t0"."document_type", 'country_code', "t0"."country_code", 'file_upload_id', "t0"."file_upload_id", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."kyc_profile_id", "t0"."inspection_id", "t0"."document_type", "t0"."country_code", "t0"."file_upload_id", "t0"."created_at"
  FROM "kyc_document" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
