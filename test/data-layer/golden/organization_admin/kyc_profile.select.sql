-- role organization_admin: { kyc_profile { id user_id organization_id level_name review_status review_answer created_at updated_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'user_id', "t0"."user_id", 'organization_id', "t0"."organization_id", 'level_name', "t0"."level_name", 'review_status', "t0"."review_status", 'review_answer', "t0"."review_answer", 'created_at', "t0"."created_at", 'updated_at', "t0"."updated_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."user_id", "t0"."organization_id", "t0"."level_name", "t0"."review_status", "t0"."review_answer", "t0"."created_at", "t0"."updated_at"
  FROM "kyc_profile" AS "t0"
  WHERE "t0"."organization_id" = $1
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
