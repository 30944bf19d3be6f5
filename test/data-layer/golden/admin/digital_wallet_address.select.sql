-- role admin: { digital_wallet_address { id wallet_id address network label created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'wallet_id', "t0"."wallet_id", 'address', "t0"."address", 'network', "t0"."network", 'label', "t0"."label", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."wallet_id", "t0"."address", "t0"."network", "t0"."label", "t0"."created_at"
  FROM "digital_wallet_address" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
