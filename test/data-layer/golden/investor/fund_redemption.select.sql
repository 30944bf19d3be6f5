-- role investor: { fund_redemption { id fund_id redemption_amount status created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'fund_id', "t0"."fund_id", 'redemption_amount', "t0"."redemption_amount"::text, 'status', "t0"."status", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."fund_id", "t0"."redemption_amount", "t0"."status", "t0"."created_at"
  FROM "fund_redemption" AS "t0"
  WHERE ("t0"."user_id" = $1 AND "t0"."fund_id" = ANY($2))
  LIMIT 10001) AS "t0"
-- $1: session x-data-user-id
-- $2: session x-data-allowed-funds
