-- role organization_admin: mutation { insert_digital_wallet(objects: [{ label: $label, coin: $coin, wallet_type: $wallet_type }]) { affected_rows returning { id label coin wallet_type usd_value created_at } } }
WITH "t0" AS (INSERT INTO "digital_wallet" ("organization_id", "label", "coin", "wallet_type", "created_by") VALUES ($1::uuid, $2::text, $3::text, $4::text, $5::text) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'label', "t0"."label", 'coin', "t0"."coin", 'wallet_type', "t0"."wallet_type", 'usd_value', "t0"."usd_value"::text, 'created_at', "t0"."created_at")) FILTER (WHERE "t0"."organization_id" = $6), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t0"."organization_id" = $7, false)), true) AS "check_passed"
FROM "t0"
-- $1: session x-data-organization-id
-- $2: digital_wallet.label $label
-- $3: digital_wallet.coin $coin
-- $4: digital_wallet.wallet_type $wallet_type
-- $5: session x-data-user-id
-- $6: session x-data-organization-id
-- $7: session x-data-organization-id
