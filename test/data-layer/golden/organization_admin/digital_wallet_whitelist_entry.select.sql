-- role organization_admin: { digital_wallet_whitelist_entry { id wallet_id address label status created_by created_at decided_at removed_at removed_by } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'wallet_id', "t0"."wallet_id", 'address', "t0"."address", 'label', "t0"."label", 'status', "t0"."status", 'created_by', "t0"."created_by", 'created_at', "t0"."created_at", 'decided_at', "t0"."decided_at", 'removed_at', "t0"."removed_at", 'removed_by', "t0"."removed_by")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."wallet_id", "t0"."address", "t0"."label", "t0"."status", "t0"."created_by", "t0"."created_at", "t0"."decided_at", "t0"."removed_at", "t0"."removed_by"
  FROM "digital_wallet_whitelist_entry" AS "t0"
  WHERE EXISTS (SELECT 1
    FROM "digital_wallet" AS "t0__r1"
    WHERE ("t0__r1"."id" = "t0"."wallet_id" AND "t0__r1"."organization_id" = $1))
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
