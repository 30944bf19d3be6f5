-- role admin: mutation { delete_digital_wallet_whitelist_entry(where: {}) { affected_rows returning { id wallet_id address label status created_by created_at decided_at removed_at removed_by } } }
WITH "t1" AS (DELETE
  FROM "digital_wallet_whitelist_entry" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'address', "t1"."address", 'label', "t1"."label", 'status', "t1"."status", 'created_by', "t1"."created_by", 'created_at', "t1"."created_at", 'decided_at', "t1"."decided_at", 'removed_at', "t1"."removed_at", 'removed_by', "t1"."removed_by")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
