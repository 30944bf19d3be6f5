-- role accounting: mutation { insert_invoice_line(objects: [{ invoice_id: $invoice_id, position: $position, description: $description, quantity: $quantity, unit_price: $unit_price, tax_rate: $tax_rate, amount: $amount }]) { affected_rows returning { id invoice_id position description quantity unit_price tax_rate amount } } }
WITH "t0" AS (INSERT INTO "invoice_line" ("invoice_id", "position", "description", "quantity", "unit_price", "tax_rate", "amount") VALUES ($1::int4, $2::int4, $3::text, $4::numeric, $5::numeric, $6::numeric, $7::numeric) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'invoice_id', "t0"."invoice_id", 'position', "t0"."position", 'description', "t0"."description", 'quantity', "t0"."quantity"::text, 'unit_price', "t0"."unit_price"::text, 'tax_rate', "t0"."tax_rate"::text, 'amount', "t0"."amount"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", coalesce(bool_and(coalesce(EXISTS (SELECT 1
        FROM "invoice" AS "t0__r1"
        WHERE ("t0__r1"."id" = "t0"."invoice_id" AND "t0__r1"."status" = $8)), false)), true) AS "check_passed"
FROM "t0"
-- $1: invoice_line.invoice_id $invoice_id
-- $2: invoice_line.position $position
-- $3: invoice_line.description $description
-- $4: invoice_line.quantity $quantity
-- $5: invoice_line.unit_price $unit_price
-- $6: invoice_line.tax_rate $tax_rate
-- $7: invoice_line.amount $amount
-- $8: "draft"
