-- role organization_admin: { digital_wallet { id label coin wallet_type usd_value created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'label', "t0"."label", 'coin', "t0"."coin", 'wallet_type', "t0"."wallet_type", 'usd_value', "t0"."usd_value"::text, 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."label", "t0"."coin", "t0"."wallet_type", "t0"."usd_value", "t0"."created_at"
  FROM "digital_wallet" AS "t0"
  WHERE "t0"."organization_id" = $1
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
