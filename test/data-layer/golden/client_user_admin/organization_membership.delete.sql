-- role client_user_admin: mutation { delete_organization_membership(where: {}) { affected_rows returning { organization_id user_id role created_at } } }
WITH "t1" AS (DELETE
  FROM "organization_membership" AS "t0"
  WHERE ("t0"."organization_id" = $1 AND "t0"."user_id" <> $2 AND "t0"."role" = ANY($3)) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('organization_id', "t1"."organization_id", 'user_id', "t1"."user_id", 'role', "t1"."role", 'created_at', "t1"."created_at")) FILTER (WHERE "t1"."organization_id" = $4), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: session x-data-organization-id
-- $2: session x-data-user-id
-- $3: ["organization_member","investor","card_holder","director","shareholder","beneficial_owner"]
-- $4: session x-data-organization-id
