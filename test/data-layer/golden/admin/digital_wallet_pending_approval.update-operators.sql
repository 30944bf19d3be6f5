-- role admin: mutation { update_digital_wallet_pending_approval(where: {}, _inc: { wallet_id: $wallet_id, transaction_id: $transaction_id, approvals_required: $approvals_required, approvals_received: $approvals_received, whitelist_entry_id: $whitelist_entry_id }) { affected_rows returning { id wallet_id transaction_id created_by state approvals_required approvals_received created_at resolved_at kind whitelist_entry_id decided_by } } }
WITH "t1" AS (UPDATE "digital_wallet_pending_approval" AS "t0" SET "wallet_id" = "t0"."wallet_id" + $1::int4, "transaction_id" = "t0"."transaction_id" + $2::int4, "approvals_required" = "t0"."approvals_required" + $3::int4, "approvals_received" = "t0"."approvals_received" + $4::int4, "whitelist_entry_id" = "t0"."whitelist_entry_id" + $5::int4
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'transaction_id', "t1"."transaction_id", 'created_by', "t1"."created_by", 'state', "t1"."state", 'approvals_required', "t1"."approvals_required", 'approvals_received', "t1"."approvals_received", 'created_at', "t1"."created_at", 'resolved_at', "t1"."resolved_at", 'kind', "t1"."kind", 'whitelist_entry_id', "t1"."whitelist_entry_id", 'decided_by', "t1"."decided_by")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: digital_wallet_pending_approval.wallet_id $wallet_id
-- $2: digital_wallet_pending_approval.transaction_id $transaction_id
-- $3: digital_wallet_pending_approval.approvals_required $approvals_required
-- $4: digital_wallet_pending_approval.approvals_received $approvals_received
-- $5: digital_wallet_pending_approval.whitelist_entry_id $whitelist_entry_id
