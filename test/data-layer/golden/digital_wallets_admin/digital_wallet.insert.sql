-- role digital_wallets_admin: mutation { insert_digital_wallet(objects: [{ owner_user_id: $owner_user_id, label: $label, coin: $coin, wallet_type: $wallet_type }]) { affected_rows returning { id organization_id owner_user_id label coin wallet_type status usd_value custodian_wallet_id created_by created_at updated_at } } }
WITH "t0" AS (INSERT INTO "digital_wallet" ("organization_id", "owner_user_id", "label", "coin", "wallet_type", "created_by") VALUES ($1::uuid, $2::text, $3::text, $4::text, $5::text, $6::text) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'organization_id', "t0"."organization_id", 'owner_user_id', "t0"."owner_user_id", 'label', "t0"."label", 'coin', "t0"."coin", 'wallet_type', "t0"."wallet_type", 'status', "t0"."status", 'usd_value', "t0"."usd_value"::text, 'custodian_wallet_id', "t0"."custodian_wallet_id", 'created_by', "t0"."created_by", 'created_at', "t0"."created_at", 'updated_at', "t0"."updated_at")) FILTER (WHERE "t0"."organization_id" = $7), '[]'::json))::text AS "value", coalesce(bool_and(coalesce(("t0"."organization_id" = $8 AND ("t0"."owner_user_id" IS NULL OR EXISTS (SELECT 1
            FROM "app_user" AS "t0__r1"
            WHERE ("t0__r1"."id" = "t0"."owner_user_id" AND "t0__r1"."organization_id" = $9)))), false)), true) AS "check_passed"
FROM "t0"
-- $1: session x-data-organization-id
-- $2: digital_wallet.owner_user_id $owner_user_id
-- $3: digital_wallet.label $label
-- $4: digital_wallet.coin $coin
-- $5: digital_wallet.wallet_type $wallet_type
-- $6: session x-data-user-id
-- $7: session x-data-organization-id
-- $8: session x-data-organization-id
-- $9: session x-data-organization-id
