-- role admin: mutation { update_digital_wallet(where: {}, _inc: { id: $id, usd_value: $usd_value }) { affected_rows returning { id organization_id owner_user_id label coin wallet_type status usd_value custodian_wallet_id created_by created_at updated_at } } }
WITH "t1" AS (UPDATE "digital_wallet" AS "t0" SET "id" = "t0"."id" + $1::int4, "usd_value" = "t0"."usd_value" + $2::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'organization_id', "t1"."organization_id", 'owner_user_id', "t1"."owner_user_id", 'label', "t1"."label", 'coin', "t1"."coin", 'wallet_type', "t1"."wallet_type", 'status', "t1"."status", 'usd_value', "t1"."usd_value"::text, 'custodian_wallet_id', "t1"."custodian_wallet_id", 'created_by', "t1"."created_by", 'created_at', "t1"."created_at", 'updated_at', "t1"."updated_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: digital_wallet.id $id
-- $2: digital_wallet.usd_value $usd_value
