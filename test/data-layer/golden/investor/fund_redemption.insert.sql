-- role investor: mutation { insert_fund_redemption(objects: [{ fund_id: $fund_id, redemption_amount: $redemption_amount }]) { affected_rows returning { id fund_id redemption_amount status created_at } } }
WITH "t0" AS (INSERT INTO "fund_redemption" ("fund_id", "user_id", "redemption_amount") VALUES ($1::int4, $2::text, $3::numeric) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'fund_id', "t0"."fund_id", 'redemption_amount', "t0"."redemption_amount"::text, 'status', "t0"."status", 'created_at', "t0"."created_at")) FILTER (WHERE ("t0"."user_id" = $4 AND "t0"."fund_id" = ANY($5))), '[]'::json))::text AS "value", coalesce(bool_and(coalesce(("t0"."fund_id" = ANY($6) AND "t0"."status" = $7), false)), true) AS "check_passed"
FROM "t0"
-- $1: fund_redemption.fund_id $fund_id
-- $2: session x-data-user-id
-- $3: fund_redemption.redemption_amount $redemption_amount
-- $4: session x-data-user-id
-- $5: session x-data-allowed-funds
-- $6: session x-data-allowed-funds
-- $7: "pending"
