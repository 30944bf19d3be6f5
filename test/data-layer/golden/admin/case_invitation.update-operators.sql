-- role admin: mutation { update_case_invitation(where: {}, _inc: { case_id: $case_id }) { affected_rows returning { id case_id email user_id expires_at accepted_at created_at } } }
WITH "t1" AS (UPDATE "case_invitation" AS "t0" SET "case_id" = "t0"."case_id" + $1::int4
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'case_id', "t1"."case_id", 'email', "t1"."email", 'user_id', "t1"."user_id", 'expires_at', "t1"."expires_at", 'accepted_at', "t1"."accepted_at", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: case_invitation.case_id $case_id
