-- role digital_wallets_admin: mutation { update_digital_wallet(where: {}, _set: { owner_user_id: $owner_user_id, label: $label, status: $status }) { affected_rows returning { id organization_id owner_user_id label coin wallet_type status usd_value custodian_wallet_id created_by created_at updated_at } } }
WITH "t1" AS (UPDATE "digital_wallet" AS "t0" SET "owner_user_id" = $1::text, "label" = $2::text, "status" = $3::text
  WHERE "t0"."organization_id" = $4 RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'organization_id', "t1"."organization_id", 'owner_user_id', "t1"."owner_user_id", 'label', "t1"."label", 'coin', "t1"."coin", 'wallet_type', "t1"."wallet_type", 'status', "t1"."status", 'usd_value', "t1"."usd_value"::text, 'custodian_wallet_id', "t1"."custodian_wallet_id", 'created_by', "t1"."created_by", 'created_at', "t1"."created_at", 'updated_at', "t1"."updated_at")) FILTER (WHERE "t1"."organization_id" = $5), '[]'::json))::text AS "value", coalesce(bool_and(coalesce(("t1"."organization_id" = $6::uuid AND ("t1"."owner_user_id" IS NULL OR EXISTS (SELECT 1
            FROM "app_user" AS "t2"
            WHERE ("t2"."id" = "t1"."owner_user_id" AND "t2"."organization_id" = $7::uuid)))), false)), true) AS "check_passed"
FROM "t1"
-- $1: digital_wallet.owner_user_id $owner_user_id
-- $2: digital_wallet.label $label
-- $3: digital_wallet.status $status
-- $4: session x-data-organization-id
-- $5: session x-data-organization-id
-- $6: session x-data-organization-id
-- $7: session x-data-organization-id
