-- role auditor: { receipt { id receipt_number invoice_id organization_id recipient_user_id currency amount payment_method paid_at created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'receipt_number', "t0"."receipt_number", 'invoice_id', "t0"."invoice_id", 'organization_id', "t0"."organization_id", 'recipient_user_id', "t0"."recipient_user_id", 'currency', "t0"."currency", 'amount', "t0"."amount"::text, 'payment_method', "t0"."payment_method", 'paid_at', "t0"."paid_at", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."receipt_number", "t0"."invoice_id", "t0"."organization_id", "t0"."recipient_user_id", "t0"."currency", "t0"."amount", "t0"."payment_method", "t0"."paid_at", "t0"."created_at"
  FROM "receipt" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
