-- role admin: mutation { insert_organization_membership(objects: [{ organization_id: $organization_id, user_id: $user_id, role: $role, created_at: $created_at }]) { affected_rows returning { organization_id user_id role created_at } } }
WITH "t0" AS (INSERT INTO "organization_membership" ("organization_id", "user_id", "role", "created_at") VALUES ($1::uuid, $2::text, $3::text, $4::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('organization_id', "t0"."organization_id", 'user_id', "t0"."user_id", 'role', "t0"."role", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: organization_membership.organization_id $organization_id
-- $2: organization_membership.user_id $user_id
-- $3: organization_membership.role $role
-- $4: organization_membership.created_at $created_at
