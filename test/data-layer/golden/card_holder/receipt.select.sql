-- role card_holder: { receipt { id receipt_number currency amount payment_method paid_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'receipt_number', "t0"."receipt_number", 'currency', "t0"."currency", 'amount', "t0"."amount"::text, 'payment_method', "t0"."payment_method", 'paid_at', "t0"."paid_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."receipt_number", "t0"."currency", "t0"."amount", "t0"."payment_method", "t0"."paid_at"
  FROM "receipt" AS "t0"
  WHERE ("t0"."recipient_user_id" = $1 AND "t0"."payment_method" = $2)
  LIMIT 10001) AS "t0"
-- $1: session x-data-user-id
-- $2: "card"
