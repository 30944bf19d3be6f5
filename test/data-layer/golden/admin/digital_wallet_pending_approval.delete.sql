-- role admin: mutation { delete_digital_wallet_pending_approval(where: {}) { affected_rows returning { id wallet_id transaction_id created_by state approvals_required approvals_received created_at resolved_at kind whitelist_entry_id decided_by } } }
WITH "t1" AS (DELETE
  FROM "digital_wallet_pending_approval" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'transaction_id', "t1"."transaction_id", 'created_by', "t1"."created_by", 'state', "t1"."state", 'approvals_required', "t1"."approvals_required", 'approvals_received', "t1"."approvals_received", 'created_at', "t1"."created_at", 'resolved_at', "t1"."resolved_at", 'kind', "t1"."kind", 'whitelist_entry_id', "t1"."whitelist_entry_id", 'decided_by', "t1"."decided_by")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
