-- role admin: mutation { insert_digital_wallet_address(objects: [{ id: $id, wallet_id: $wallet_id, address: $address, network: $network, label: $label, created_at: $created_at }]) { affected_rows returning { id wallet_id address network label created_at } } }
WITH "t0" AS (INSERT INTO "digital_wallet_address" ("id", "wallet_id", "address", "network", "label", "created_at") VALUES ($1::int4, $2::int4, $3::text, $4::text, $5::text, $6::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'wallet_id', "t0"."wallet_id", 'address', "t0"."address", 'network', "t0"."network", 'label', "t0"."label", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: digital_wallet_address.id $id
-- $2: digital_wallet_address.wallet_id $wallet_id
-- $3: digital_wallet_address.address $address
-- $4: digital_wallet_address.network $network
-- $5: digital_wallet_address.label $label
-- $6: digital_wallet_address.created_at $created_at
