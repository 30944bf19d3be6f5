-- role digital_wallets_admin: { digital_wallet_pending_approval { id wallet_id transaction_id created_by state approvals_required approvals_received created_at resolved_at kind whitelist_entry_id decided_by } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'wallet_id', "t0"."wallet_id", 'transaction_id', "t0"."transaction_id", 'created_by', "t0"."created_by", 'state', "t0"."state", 'approvals_required', "t0"."approvals_required", 'approvals_received', "t0"."approvals_received", 'created_at', "t0"."created_at", 'resolved_at', "t0"."resolved_at", 'kind', "t0"."kind", 'whitelist_entry_id', "t0"."whitelist_entry_id", 'decided_by', "t0"."decided_by")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."wallet_id", "t0"."transaction_id", "t0"."created_by", "t0"."state", "t0"."approvals_required", "t0"."approvals_received", "t0"."created_at", "t0"."resolved_at", "t0"."kind", "t0"."whitelist_entry_id", "t0"."decided_by"
  FROM "digital_wallet_pending_approval" AS "t0"
  WHERE EXISTS (SELECT 1
    FROM "digital_wallet" AS "t0__r1"
    WHERE ("t0__r1"."id" = "t0"."wallet_id" AND "t0__r1"."organization_id" = $1))
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
