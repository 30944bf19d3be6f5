-- role admin: mutation { update_receipt(where: {}, _set: { id: $id, receipt_number: $receipt_number, invoice_id: $invoice_id, organization_id: $organization_id, recipient_user_id: $recipient_user_id, currency: $currency, amount: $amount, payment_method: $payment_method, paid_at: $paid_at, created_at: $created_at }) { affected_rows returning { id receipt_number invoice_id organization_id recipient_user_id currency amount payment_method paid_at created_at } } }
WITH "t1" AS (UPDATE "receipt" AS "t0" SET "id" = $1::int4, "receipt_number" = $2::text, "invoice_id" = $3::int4, "organization_id" = $4::uuid, "recipient_user_id" = $5::text, "currency" = $6::bpchar, "amount" = $7::numeric, "payment_method" = $8::text, "paid_at" = $9::timestamptz, "created_at" = $10::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'receipt_number', "t1"."receipt_number", 'invoice_id', "t1"."invoice_id", 'organization_id', "t1"."organization_id", 'recipient_user_id', "t1"."recipient_user_id", 'currency', "t1"."currency", 'amount', "t1"."amount"::text, 'payment_method', "t1"."payment_method", 'paid_at', "t1"."paid_at", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: receipt.id $id
-- $2: receipt.receipt_number $receipt_number
-- $3: receipt.invoice_id $invoice_id
-- $4: receipt.organization_id $organization_id
-- $5: receipt.recipient_user_id $recipient_user_id
-- $6: receipt.currency $currency
-- $7: receipt.amount $amount
-- $8: receipt.payment_method $payment_method
-- $9: receipt.paid_at $paid_at
-- $10: receipt.created_at $created_at
