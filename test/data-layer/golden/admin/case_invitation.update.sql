-- role admin: mutation { update_case_invitation(where: {}, _set: { id: $id, case_id: $case_id, email: $email, user_id: $user_id, expires_at: $expires_at, accepted_at: $accepted_at, created_at: $created_at }) { affected_rows returning { id case_id email user_id expires_at accepted_at created_at } } }
WITH "t1" AS (UPDATE "case_invitation" AS "t0" SET "id" = $1::uuid, "case_id" = $2::int4, "email" = $3::text, "user_id" = $4::text, "expires_at" = $5::timestamptz, "accepted_at" = $6::timestamptz, "created_at" = $7::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'case_id', "t1"."case_id", 'email', "t1"."email", 'user_id', "t1"."user_id", 'expires_at', "t1"."expires_at", 'accepted_at', "t1"."accepted_at", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: case_invitation.id $id
-- $2: case_invitation.case_id $case_id
-- $3: case_invitation.email $email
-- $4: case_invitation.user_id $user_id
-- $5: case_invitation.expires_at $expires_at
-- $6: case_invitation.accepted_at $accepted_at
-- $7: case_invitation.created_at $created_at
