-- role digital_wallets_admin: { digital_wallet_asset { id wallet_id symbol balance unit_price_usd usd_value updated_at available_balance } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'wallet_id', "t0"."wallet_id", 'symbol', "t0"."symbol", 'balance', "t0"."balance"::text, 'unit_price_usd', "t0"."unit_price_usd"::text, 'usd_value', "t0"."usd_value"::text, 'updated_at', "t0"."updated_at", 'available_balance', "t0"."available_balance"::text)), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."wallet_id", "t0"."symbol", "t0"."balance", "t0"."unit_price_usd", "t0"."usd_value", "t0"."updated_at", "t0"."available_balance"
  FROM "digital_wallet_asset" AS "t0"
  WHERE EXISTS (SELECT 1
    FROM "digital_wallet" AS "t0__r1"
    WHERE ("t0__r1"."id" = "t0"."wallet_id" AND "t0__r1"."organization_id" = $1))
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
