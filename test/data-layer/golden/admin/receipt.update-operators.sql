-- role admin: mutation { update_receipt(where: {}, _inc: { id: $id, invoice_id: $invoice_id, amount: $amount }) { affected_rows returning { id receipt_number invoice_id organization_id recipient_user_id currency amount payment_method paid_at created_at } } }
WITH "t1" AS (UPDATE "receipt" AS "t0" SET "id" = "t0"."id" + $1::int4, "invoice_id" = "t0"."invoice_id" + $2::int4, "amount" = "t0"."amount" + $3::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'receipt_number', "t1"."receipt_number", 'invoice_id', "t1"."invoice_id", 'organization_id', "t1"."organization_id", 'recipient_user_id', "t1"."recipient_user_id", 'currency', "t1"."currency", 'amount', "t1"."amount"::text, 'payment_method', "t1"."payment_method", 'paid_at', "t1"."paid_at", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: receipt.id $id
-- $2: receipt.invoice_id $invoice_id
-- $3: receipt.amount $amount
