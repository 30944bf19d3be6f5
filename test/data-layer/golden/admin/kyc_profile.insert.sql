-- role admin: mutation { insert_kyc_profile(objects: [{ id: $id, user_id: $user_id, organization_id: $organization_id, applicant_id: $applicant_id, level_name: $level_name, review_status: $review_status, review_answer: $review_answer, reject_type: $reject_type, reject_labels: $reject_labels, full_name: $full_name, email: $email, country_code: $country_code, created_at: $created_at, updated_at: $updated_at }]) { affected_rows returning { id user_id organization_id applicant_id level_name review_status review_answer reject_type reject_labels full_name email country_code created_at updated_at } } }
WITH "t0" AS (INSERT INTO "kyc_profile" ("id", "user_id", "organization_id", "applicant_id", "level_name", "review_status", "review_answer", "reject_type", "reject_labels", "full_name", "email", "country_code", "created_at", "updated_at") VALUES ($1::uuid, $2::text, $3::uuid, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text[], $10::text, $11::text, $12::bpchar, $13::timestamptz, $14::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'user_id', "t0"."user_id", 'organization_id', "t0"."organization_id", 'applicant_id', "t0"."applicant_id", 'level_name', "t0"."level_name", 'review_status', "t0"."review_status", 'review_answer', "t0"."review_answer", 'reject_type', "t0"."reject_type", 'reject_labels', "t0"."reject_labels", 'full_name', "t0"."full_name", 'email', "t0"."email", 'country_code', "t0"."country_code", 'created_at', "t0"."created_at", 'updated_at', "t0"."updated_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
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
