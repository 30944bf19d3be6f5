-- role admin: mutation { delete_digital_wallet_address(where: {}) { affected_rows returning { id wallet_id address network label created_at } } }
WITH "t1" AS (DELETE
  FROM "digital_wallet_address" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'address', "t1"."address", 'network', "t1"."network", 'label', "t1"."label", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
