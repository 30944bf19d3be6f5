-- role organization_admin: mutation { update_digital_wallet(where: {}, _set: { label: $label }) { affected_rows returning { id label coin wallet_type usd_value created_at } } }
WITH "t1" AS (UPDATE "digital_wallet" AS "t0" SET "label" = $1::text
  WHERE "t0"."organization_id" = $2 RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'label', "t1"."label", 'coin', "t1"."coin", 'wallet_type', "t1"."wallet_type", 'usd_value', "t1"."usd_value"::text, 'created_at', "t1"."created_at")) FILTER (WHERE "t1"."organization_id" = $3), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t1"."organization_id" = $4::uuid, false)), true) AS "check_passed"
FROM "t1"
-- $1: digital_wallet.label $label
-- $2: session x-data-organization-id
-- $3: session x-data-organization-id
-- $4: session x-data-organization-id
