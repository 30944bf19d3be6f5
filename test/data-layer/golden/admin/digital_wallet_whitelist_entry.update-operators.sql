-- role admin: mutation { update_digital_wallet_whitelist_entry(where: {}, _inc: { id: $id, wallet_id: $wallet_id }) { affected_rows returning { id wallet_id address label status created_by created_at decided_at removed_at removed_by } } }
WITH "t1" AS (UPDATE "digital_wallet_whitelist_entry" AS "t0" SET "id" = "t0"."id" + $1::int4, "wallet_id" = "t0"."wallet_id" + $2::int4
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'address', "t1"."address", 'label', "t1"."label", 'status', "t1"."status", 'created_by', "t1"."created_by", 'created_at', "t1"."created_at", 'decided_at', "t1"."decided_at", 'removed_at', "t1"."removed_at", 'removed_by', "t1"."removed_by")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: digital_wallet_whitelist_entry.id $id
-- $2: digital_wallet_whitelist_entry.wallet_id $wallet_id
