-- role admin: mutation { delete_kyc_profile(where: {}) { affected_rows returning { id user_id organization_id applicant_id level_name review_status review_answer reject_type reject_labels full_name email country_code created_at updated_at } } }
WITH "t1" AS (DELETE
  FROM "kyc_profile" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'user_id', "t1"."user_id", 'organization_id', "t1"."organization_id", 'applicant_id', "t1"."applicant_id", 'level_name', "t1"."level_name", 'review_status', "t1"."review_status", 'review_answer', "t1"."review_answer", 'reject_type', "t1"."reject_type", 'reject_labels', "t1"."reject_labels", 'full_name', "t1"."full_name", 'email', "t1"."email", 'country_code', "t1"."country_code", 'created_at', "t1"."created_at", 'updated_at', "t1"."updated_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
