-- role admin: mutation { insert_digital_wallet(objects: [{ id: $id, organization_id: $organization_id, owner_user_id: $owner_user_id, label: $label, coin: $coin, wallet_type: $wallet_type, status: $status, usd_value: $usd_value, custodian_wallet_id: $custodian_wallet_id, created_by: $created_by, created_at: $created_at, updated_at: $updated_at }]) { affected_rows returning { id organization_id owner_user_id label coin wallet_type status usd_value custodian_wallet_id created_by created_at updated_at } } }
WITH "t0" AS (INSERT INTO "digital_wallet" ("id", "organization_id", "owner_user_id", "label", "coin", "wallet_type", "status", "usd_value", "custodian_wallet_id", "created_by", "created_at", "updated_at") VALUES ($1::int4, $2::uuid, $3::text, $4::text, $5::text, $6::text, $7::text, $8::numeric, $9::text, $10::text, $11::timestamptz, $12::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'organization_id', "t0"."organization_id", 'owner_user_id', "t0"."owner_user_id", 'label', "t0"."label", 'coin', "t0"."coin", 'wallet_type', "t0"."wallet_type", 'status', "t0"."status", 'usd_value', "t0"."usd_value"::text, 'custodian_wallet_id', "t0"."custodian_wallet_id", 'created_by', "t0"."created_by", 'created_at', "t0"."created_at", 'updated_at', "t0"."updated_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: digital_wallet.id $id
-- $2: digital_wallet.organization_id $organization_id
-- $3: digital_wallet.owner_user_id $owner_user_id
-- $4: digital_wallet.label $label
-- $5: digital_wallet.coin $coin
-- $6: digital_wallet.wallet_type $wallet_type
-- $7: digital_wallet.status $status
-- $8: digital_wallet.usd_value $usd_value
-- $9: digital_wallet.custodian_wallet_id $custodian_wallet_id
-- $10: digital_wallet.created_by $created_by
-- $11: digital_wallet.created_at $created_at
-- $12: digital_wallet.updated_at $updated_at
