-- role admin: mutation { update_digital_wallet_address(where: {}, _inc: { id: $id, wallet_id: $wallet_id }) { affected_rows returning { id wallet_id address network label created_at } } }
WITH "t1" AS (UPDATE "digital_wallet_address" AS "t0" SET "id" = "t0"."id" + $1::int4, "wallet_id" = "t0"."wallet_id" + $2::int4
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'address', "t1"."address", 'network', "t1"."network", 'label', "t1"."label", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: digital_wallet_address.id $id
-- $2: digital_wallet_address.wallet_id $wallet_id
