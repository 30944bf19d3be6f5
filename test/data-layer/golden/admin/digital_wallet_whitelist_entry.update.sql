-- role admin: mutation { update_digital_wallet_whitelist_entry(where: {}, _set: { id: $id, wallet_id: $wallet_id, address: $address, label: $label, status: $status, created_by: $created_by, created_at: $created_at, decided_at: $decided_at, removed_at: $removed_at, removed_by: $removed_by }) { affected_rows returning { id wallet_id address label status created_by created_at decided_at removed_at removed_by } } }
WITH "t1" AS (UPDATE "digital_wallet_whitelist_entry" AS "t0" SET "id" = $1::int4, "wallet_id" = $2::int4, "address" = $3::text, "label" = $4::text, "status" = $5::text, "created_by" = $6::text, "created_at" = $7::timestamptz, "decided_at" = $8::timestamptz, "removed_at" = $9::timestamptz, "removed_by" = $10::text
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'address', "t1"."address", 'label', "t1"."label", 'status', "t1"."status", 'created_by', "t1"."created_by", 'created_at', "t1"."created_at", 'decided_at', "t1"."decided_at", 'removed_at', "t1"."removed_at", 'removed_by', "t1"."removed_by")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: digital_wallet_whitelist_entry.id $id
-- $2: digital_wallet_whitelist_entry.wallet_id $wallet_id
-- $3: digital_wallet_whitelist_entry.address $address
-- $4: digital_wallet_whitelist_entry.label $label
-- $5: digital_wallet_whitelist_entry.status $status
-- $6: digital_wallet_whitelist_entry.created_by $created_by
-- $7: digital_wallet_whitelist_entry.created_at $created_at
-- $8: digital_wallet_whitelist_entry.decided_at $decided_at
-- $9: digital_wallet_whitelist_entry.removed_at $removed_at
-- $10: digital_wallet_whitelist_entry.removed_by $removed_by
