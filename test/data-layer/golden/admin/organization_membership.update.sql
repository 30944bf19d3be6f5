-- role admin: mutation { update_organization_membership(where: {}, _set: { organization_id: $organization_id, user_id: $user_id, role: $role, created_at: $created_at }) { affected_rows returning { organization_id user_id role created_at } } }
WITH "t1" AS (UPDATE "organization_membership" AS "t0" SET "organization_id" = $1::uuid, "user_id" = $2::text, "role" = $3::text, "created_at" = $4::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('organization_id', "t1"."organization_id", 'user_id', "t1"."user_id", 'role', "t1"."role", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: organization_membership.organization_id $organization_id
-- $2: organization_membership.user_id $user_id
-- $3: organization_membership.role $role
-- $4: organization_membership.created_at $created_at
