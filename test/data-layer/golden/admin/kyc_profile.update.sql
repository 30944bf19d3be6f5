-- role admin: mutation { update_kyc_profile(where: {}, _set: { id: $id, user_id: $user_id, organization_id: $organization_id, applicant_id: $applicant_id, level_name: $level_name, review_status: $review_status, review_answer: $review_answer, reject_type: $reject_type, reject_labels: $reject_labels, full_name: $full_name, email: $email, country_code: $country_code, created_at: $created_at, updated_at: $updated_at }) { affected_rows returning { id user_id organization_id applicant_id level_name review_status review_answer reject_type reject_labels full_name email country_code created_at updated_at } } }
WITH "t1" AS (UPDATE "kyc_profile" AS "t0" SET "id" = $1::uuid, "user_id" = $2::text, "organization_id" = $3::uuid, "applicant_id" = $4::text, "level_name" = $5::text, "review_status" = $6::text, "review_answer" = $7::text, "reject_type" = $8::text, "reject_labels" = $9::text[], "full_name" = $10::text, "email" = $11::text, "country_code" = $12::bpchar, "created_at" = $13::timestamptz, "updated_at" = $14::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'user_id', "t1"."user_id", 'organization_id', "t1"."organization_id", 'applicant_id', "t1"."applicant_id", 'level_name', "t1"."level_name", 'review_status', "t1"."review_status", 'review_answer', "t1"."review_answer", 'reject_type', "t1"."reject_type", 'reject_labels', "t1"."reject_labels", 'full_name', "t1"."full_name", 'email', "t1"."email", 'country_code', "t1"."country_code", 'created_at', "t1"."created_at", 'updated_at', "t1"."updated_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: kyc_profile.id $id
-- $2: kyc_profile.user_id $user_id
-- $3: kyc_profile.organization_id $organization_id
-- $4: kyc_profile.applicant_id $applicant_id
-- $5: kyc_profile.level_name $level_name
-- $6: kyc_profile.review_status $review_status
-- $7: kyc_profile.review_answer $review_answer
-- $8: kyc_profile.reject_type $reject_type
-- $9: kyc_profile.reject_labels $reject_labels
-- $10: kyc_profile.full_name $full_name
-- $11: kyc_profile.email $email
-- $12: kyc_profile.country_code $country_code
-- $13: kyc_profile.created_at $created_at
-- $14: kyc_profile.updated_at $updated_at
