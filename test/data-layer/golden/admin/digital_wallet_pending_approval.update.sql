-- role admin: mutation { update_digital_wallet_pending_approval(where: {}, _set: { id: $id, wallet_id: $wallet_id, transaction_id: $transaction_id, created_by: $created_by, state: $state, approvals_required: $approvals_required, approvals_received: $approvals_received, created_at: $created_at, resolved_at: $resolved_at, kind: $kind, whitelist_entry_id: $whitelist_entry_id, decided_by: $decided_by }) { affected_rows returning { id wallet_id transaction_id created_by state approvals_required approvals_received created_at resolved_at kind whitelist_entry_id decided_by } } }
WITH "t1" AS (UPDATE "digital_wallet_pending_approval" AS "t0" SET "id" = $1::bpchar, "wallet_id" = $2::int4, "transaction_id" = $3::int4, "created_by" = $4::text, "state" = $5::text, "approvals_required" = $6::int4, "approvals_received" = $7::int4, "created_at" = $8::timestamptz, "resolved_at" = $9::timestamptz, "kind" = $10::text, "whitelist_entry_id" = $11::int4, "decided_by" = $12::text
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'transaction_id', "t1"."transaction_id", 'created_by', "t1"."created_by", 'state', "t1"."state", 'approvals_required', "t1"."approvals_required", 'approvals_received', "t1"."approvals_received", 'created_at', "t1"."created_at", 'resolved_at', "t1"."resolved_at", 'kind', "t1"."kind", 'whitelist_entry_id', "t1"."whitelist_entry_id", 'decided_by', "t1"."decided_by")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: digital_wallet_pending_approval.id $id
-- $2: digital_wallet_pending_approval.wallet_id $wallet_id
-- $3: digital_wallet_pending_approval.transaction_id $transaction_id
-- $4: digital_wallet_pending_approval.created_by $created_by
-- $5: digital_wallet_pending_approval.state $state
-- $6: digital_wallet_pending_approval.approvals_required $approvals_required
-- $7: digital_wallet_pending_approval.approvals_received $approvals_received
-- $8: digital_wallet_pending_approval.created_at $created_at
-- $9: digital_wallet_pending_approval.resolved_at $resolved_at
-- $10: digital_wallet_pending_approval.kind $kind
-- $11: digital_wallet_pending_approval.whitelist_entry_id $whitelist_entry_id
-- $12: digital_wallet_pending_approval.decided_by $decided_by
