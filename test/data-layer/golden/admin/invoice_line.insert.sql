-- role admin: mutation { insert_invoice_line(objects: [{ id: $id, invoice_id: $invoice_id, position: $position, description: $description, quantity: $quantity, unit_price: $unit_price, tax_rate: $tax_rate, amount: $amount }]) { affected_rows returning { id invoice_id position description quantity unit_price tax_rate amount } } }
WITH "t0" AS (INSERT INTO "invoice_line" ("id", "invoice_id", "position", "description", "quantity", "unit_price", "tax_rate", "amount") VALUES ($1::int4, $2::int4, $3::int4, $4::text, $5::numeric, $6::numeric, $7::numeric, $8::numeric) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'invoice_id', "t0"."invoice_id", 'position', "t0"."position", 'description', "t0"."description", 'quantity', "t0"."quantity"::text, 'unit_price', "t0"."unit_price"::text, 'tax_rate', "t0"."tax_rate"::text, 'amount', "t0"."amount"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: invoice_line.id $id
-- $2: invoice_line.invoice_id $invoice_id
-- $3: invoice_line.position $position
-- $4: invoice_line.description $description
-- $5: invoice_line.quantity $quantity
-- $6: invoice_line.unit_price $unit_price
-- $7: invoice_line.tax_rate $tax_rate
-- $8: invoice_line.amount $amount
