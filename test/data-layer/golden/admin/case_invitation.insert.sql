-- role admin: mutation { insert_case_invitation(objects: [{ id: $id, case_id: $case_id, email: $email, user_id: $user_id, expires_at: $expires_at, accepted_at: $accepted_at, created_at: $created_at }]) { affected_rows returning { id case_id email user_id expires_at accepted_at created_at } } }
WITH "t0" AS (INSERT INTO "case_invitation" ("id", "case_id", "email", "user_id", "expires_at", "accepted_at", "created_at") VALUES ($1::uuid, $2::int4, $3::text, $4::text, $5::timestamptz, $6::timestamptz, $7::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'case_id', "t0"."case_id", 'email', "t0"."email", 'user_id', "t0"."user_id", 'expires_at', "t0"."expires_at", 'accepted_at', "t0"."accepted_at", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: case_invitation.id $id
-- $2: case_invitation.case_id $case_id
-- $3: case_invitation.email $email
-- $4: case_invitation.user_id $user_id
-- $5: case_invitation.expires_at $expires_at
-- $6: case_invitation.accepted_at $accepted_at
-- $7: case_invitation.created_at $created_at
