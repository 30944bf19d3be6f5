-- role accounting: mutation { insert_receipt(objects: [{ receipt_number: $receipt_number, invoice_id: $invoice_id, organization_id: $organization_id, recipient_user_id: $recipient_user_id, currency: $currency, amount: $amount, payment_method: $payment_method, paid_at: $paid_at }]) { affected_rows returning { id receipt_number invoice_id organization_id recipient_user_id currency amount payment_method paid_at created_at } } }
WITH "t0" AS (INSERT INTO "receipt" ("receipt_number", "invoice_id", "organization_id", "recipient_user_id", "currency", "amount", "payment_method", "paid_at") VALUES ($1::text, $2::int4, $3::uuid, $4::text, $5::bpchar, $6::numeric, $7::text, $8::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'receipt_number', "t0"."receipt_number", 'invoice_id', "t0"."invoice_id", 'organization_id', "t0"."organization_id", 'recipient_user_id', "t0"."recipient_user_id", 'currency', "t0"."currency", 'amount', "t0"."amount"::text, 'payment_method', "t0"."payment_method", 'paid_at', "t0"."paid_at", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", coalesce(bool_and(coalesce(("t0"."invoice_id" IS NULL OR EXISTS (SELECT 1
          FROM "invoice" AS "t0__r1"
          WHERE ("t0__r1"."id" = "t0"."invoice_id" AND "t0__r1"."status" = ANY($9)))), false)), true) AS "check_passed"
FROM "t0"
-- $1: receipt.receipt_number $receipt_number
-- $2: receipt.invoice_id $invoice_id
-- $3: receipt.organization_id $organization_id
-- $4: receipt.recipient_user_id $recipient_user_id
-- $5: receipt.currency $currency
-- $6: receipt.amount $amount
-- $7: receipt.payment_method $payment_method
-- $8: receipt.paid_at $paid_at
-- $9: ["issued","paid"]
