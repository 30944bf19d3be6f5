-- role kyc_sdk_user: { kyc_document { id document_type country_code created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'document_type', "t0"."document_type", 'country_code', "t0"."country_code", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."document_type", "t0"."country_code", "t0"."created_at"
  FROM "kyc_document" AS "t0"
  WHERE EXISTS (SELECT 1
    FROM "kyc_profile" AS "t0__r1"
    WHERE ("t0__r1"."id" = "t0"."kyc_profile_id" AND "t0__r1"."user_id" = $1))
  LIMIT 10001) AS "t0"
-- $1: session x-data-user-id
