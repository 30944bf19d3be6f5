-- role admin: mutation { insert_digital_wallet_whitelist_entry(objects: [{ id: $id, wallet_id: $wallet_id, address: $address, label: $label, status: $status, created_by: $created_by, created_at: $created_at, decided_at: $decided_at, removed_at: $removed_at, removed_by: $removed_by }]) { affected_rows returning { id wallet_id address label status created_by created_at decided_at removed_at removed_by } } }
WITH "t0" AS (INSERT INTO "digital_wallet_whitelist_entry" ("id", "wallet_id", "address", "label", "status", "created_by", "created_at", "decided_at", "removed_at", "removed_by") VALUES ($1::int4, $2::int4, $3::text, $4::text, $5::text, $6::text, $7::timestamptz, $8::timestamptz, $9::timestamptz, $10::text) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'wallet_id', "t0"."wallet_id", 'address', "t0"."address", 'label', "t0"."label", 'status', "t0"."status", 'created_by', "t0"."created_by", 'created_at', "t0"."created_at", 'decided_at', "t0"."decided_at", 'removed_at', "t0"."removed_at", 'removed_by', "t0"."removed_by")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
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
