-- role admin: mutation { insert_digital_wallet_pending_approval(objects: [{ id: $id, wallet_id: $wallet_id, transaction_id: $transaction_id, created_by: $created_by, state: $state, approvals_required: $approvals_required, approvals_received: $approvals_received, created_at: $created_at, resolved_at: $resolved_at, kind: $kind, whitelist_entry_id: $whitelist_entry_id, decided_by: $decided_by }]) { affected_rows returning { id wallet_id transaction_id created_by state approvals_required approvals_received created_at resolved_at kind whitelist_entry_id decided_by } } }
WITH "t0" AS (INSERT INTO "digital_wallet_pending_approval" ("id", "wallet_id", "transaction_id", "created_by", "state", "approvals_required", "approvals_received", "created_at", "resolved_at", "kind", "whitelist_entry_id", "decided_by") VALUES ($1::bpchar, $2::int4, $3::int4, $4::text, $5::text, $6::int4, $7::int4, $8::timestamptz, $9::timestamptz, $10::text, $11::int4, $12::text) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'wallet_id', "t0"."wallet_id", 'transaction_id', "t0"."transaction_id", 'created_by', "t0"."created_by", 'state', "t0"."state", 'approvals_required', "t0"."approvals_required", 'approvals_received', "t0"."approvals_received", 'created_at', "t0"."created_at", 'resolved_at', "t0"."resolved_at", 'kind', "t0"."kind", 'whitelist_entry_id', "t0"."whitelist_entry_id", 'decided_by', "t0"."decided_by")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
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
