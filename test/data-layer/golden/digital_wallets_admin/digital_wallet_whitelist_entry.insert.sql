-- role digital_wallets_admin: mutation { insert_digital_wallet_whitelist_entry(objects: [{ wallet_id: $wallet_id, address: $address, label: $label }]) { affected_rows returning { id wallet_id address label status created_by created_at decided_at removed_at removed_by } } }
WITH "t0" AS (INSERT INTO "digital_wallet_whitelist_entry" ("wallet_id", "address", "label", "created_by") VALUES ($1::int4, $2::text, $3::text, $4::text) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'wallet_id', "t0"."wallet_id", 'address', "t0"."address", 'label', "t0"."label", 'status', "t0"."status", 'created_by', "t0"."created_by", 'created_at', "t0"."created_at", 'decided_at', "t0"."decided_at", 'removed_at', "t0"."removed_at", 'removed_by', "t0"."removed_by")) FILTER (WHERE EXISTS (SELECT 1
        FROM "digital_wallet" AS "t0__r1"
        WHERE ("t0__r1"."id" = "t0"."wallet_id" AND "t0__r1"."organization_id" = $5))), '[]'::json))::text AS "value", coalesce(bool_and(coalesce((EXISTS (SELECT 1
          FROM "digital_wallet" AS "t0__r1"
          WHERE ("t0__r1"."id" = "t0"."wallet_id" AND "t0__r1"."organization_id" = $6)) AND "t0"."status" = $7), false)), true) AS "check_passed"
FROM "t0"
-- $1: digital_wallet_whitelist_entry.wallet_id $wallet_id
-- $2: digital_wallet_whitelist_entry.address $address
-- $3: digital_wallet_whitelist_entry.label $label
-- $4: session x-data-user-id
-- $5: session x-data-organization-id
-- $6: session x-data-organization-id
-- $7: "pending"
