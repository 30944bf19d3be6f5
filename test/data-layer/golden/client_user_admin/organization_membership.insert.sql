-- role client_user_admin: mutation { insert_organization_membership(objects: [{ user_id: $user_id, role: $role }]) { affected_rows returning { organization_id user_id role created_at } } }
WITH "t0" AS (INSERT INTO "organization_membership" ("organization_id", "user_id", "role") VALUES ($1::uuid, $2::text, $3::text) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('organization_id', "t0"."organization_id", 'user_id', "t0"."user_id", 'role', "t0"."role", 'created_at', "t0"."created_at")) FILTER (WHERE "t0"."organization_id" = $4), '[]'::json))::text AS "value", coalesce(bool_and(coalesce((EXISTS (SELECT 1
          FROM "app_user" AS "t0__r1"
          WHERE ("t0__r1"."id" = "t0"."user_id" AND "t0__r1"."organization_id" = $5)) AND "t0"."role" = ANY($6)), false)), true) AS "check_passed"
FROM "t0"
-- $1: session x-data-organization-id
-- $2: organization_membership.user_id $user_id
-- $3: organization_membership.role $role
-- $4: session x-data-organization-id
-- $5: session x-data-organization-id
-- $6: ["organization_member","investor","card_holder","director","shareholder","beneficial_owner"]
