-- role admin: mutation { insert_receipt(objects: [{ id: $id, receipt_number: $receipt_number, invoice_id: $invoice_id, organization_id: $organization_id, recipient_user_id: $recipient_user_id, currency: $currency, amount: $amount, payment_method: $payment_method, paid_at: $paid_at, created_at: $created_at }]) { affected_rows returning { id receipt_number invoice_id organization_id recipient_user_id currency amount payment_method paid_at created_at } } }
WITH "t0" AS (INSERT INTO "receipt" ("id", "receipt_number", "invoice_id", "organization_id", "recipient_user_id", "currency", "amount", "payment_method", "paid_at", "created_at") VALUES ($1::int4, $2::text, $3::int4, $4::uuid, $5::text, $6::bpchar, $7::numeric, $8::text, $9::timestamptz, $10::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'receipt_number', "t0"."receipt_number", 'invoice_id', "t0"."invoice_id", 'organization_id', "t0"."organization_id", 'recipient_user_id', "t0"."recipient_user_id", 'currency', "t0"."currency", 'amount', "t0"."amount"::text, 'payment_method', "t0"."payment_method", 'paid_at', "t0"."paid_at", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
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
