-- role family_office: { digital_wallet { id owner_user_id label coin wallet_type status usd_value created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'owner_user_id', "t0"."owner_user_id", 'label', "t0"."label", 'coin', "t0"."coin", 'wallet_type', "t0"."wallet_type", 'status', "t0"."status", 'usd_value', "t0"."usd_value"::text, 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."owner_user_id", "t0"."label", "t0"."coin", "t0"."wallet_type", "t0"."status", "t0"."usd_value", "t0"."created_at"
  FROM "digital_wallet" AS "t0"
  WHERE ("t0"."organization_id" = $1 AND EXISTS (SELECT 1
      FROM "organization" AS "t0__r1"
      WHERE ("t0__r1"."id" = "t0"."organization_id" AND "t0__r1"."kind" = $2)))
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
-- $2: "family_office"
