-- role front_office: { digital_wallet { id label coin wallet_type status usd_value } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'label', "t0"."label", 'coin', "t0"."coin", 'wallet_type', "t0"."wallet_type", 'status', "t0"."status", 'usd_value', "t0"."usd_value"::text)), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."label", "t0"."coin", "t0"."wallet_type", "t0"."status", "t0"."usd_value"
  FROM "digital_wallet" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
