-- role admin: { digital_wallet { id organization_id owner_user_id label coin wallet_type status usd_value custodian_wallet_id created_by created_at updated_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'organization_id', "t0"."organization_id", 'owner_user_id', "t0"."owner_user_id", 'label', "t0"."label", 'coin', "t0"."coin", 'wallet_type', "t0"."wallet_type", 'status', "t0"."status", 'usd_value', "t0"."usd_value"::text, 'custodian_wallet_id', "t0"."custodian_wallet_id", 'created_by', "t0"."created_by", 'created_at', "t0"."created_at", 'updated_at', "t0"."updated_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."organization_id", "t0"."owner_user_id", "t0"."label", "t0"."coin", "t0"."wallet_type", "t0"."status", "t0"."usd_value", "t0"."custodian_wallet_id", "t0"."created_by", "t0"."created_at", "t0"."updated_at"
  FROM "digital_wallet" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
