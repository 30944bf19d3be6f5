-- role admin: mutation { update_digital_wallet(where: {}, _set: { id: $id, organization_id: $organization_id, owner_user_id: $owner_user_id, label: $label, coin: $coin, wallet_type: $wallet_type, status: $status, usd_value: $usd_value, custodian_wallet_id: $custodian_wallet_id, created_by: $created_by, created_at: $created_at, updated_at: $updated_at }) { affected_rows returning { id organization_id owner_user_id label coin wallet_type status usd_value custodian_wallet_id created_by created_at updated_at } } }
WITH "t1" AS (UPDATE "digital_wallet" AS "t0" SET "id" = $1::int4, "organization_id" = $2::uuid, "owner_user_id" = $3::text, "label" = $4::text, "coin" = $5::text, "wallet_type" = $6::text, "status" = $7::text, "usd_value" = $8::numeric, "custodian_wallet_id" = $9::text, "created_by" = $10::text, "created_at" = $11::timestamptz, "updated_at" = $12::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'organization_id', "t1"."organization_id", 'owner_user_id', "t1"."owner_user_id", 'label', "t1"."label", 'coin', "t1"."coin", 'wallet_type', "t1"."wallet_type", 'status', "t1"."status", 'usd_value', "t1"."usd_value"::text, 'custodian_wallet_id', "t1"."custodian_wallet_id", 'created_by', "t1"."created_by", 'created_at', "t1"."created_at", 'updated_at', "t1"."updated_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
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
