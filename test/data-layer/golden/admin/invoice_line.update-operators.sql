-- role admin: mutation { update_invoice_line(where: {}, _inc: { id: $id, invoice_id: $invoice_id, position: $position, quantity: $quantity, unit_price: $unit_price, tax_rate: $tax_rate, amount: $amount }) { affected_rows returning { id invoice_id position description quantity unit_price tax_rate amount } } }
WITH "t1" AS (UPDATE "invoice_line" AS "t0" SET "id" = "t0"."id" + $1::int4, "invoice_id" = "t0"."invoice_id" + $2::int4, "position" = "t0"."position" + $3::int4, "quantity" = "t0"."quantity" + $4::numeric, "unit_price" = "t0"."unit_price" + $5::numeric, "tax_rate" = "t0"."tax_rate" + $6::numeric, "amount" = "t0"."amount" + $7::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'invoice_id', "t1"."invoice_id", 'position', "t1"."position", 'description', "t1"."description", 'quantity', "t1"."quantity"::text, 'unit_price', "t1"."unit_price"::text, 'tax_rate', "t1"."tax_rate"::text, 'amount', "t1"."amount"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: invoice_line.id $id
-- $2: invoice_line.invoice_id $invoice_id
-- $3: invoice_line.position $position
-- $4: invoice_line.quantity $quantity
-- $5: invoice_line.unit_price $unit_price
-- $6: invoice_line.tax_rate $tax_rate
-- $7: invoice_line.amount $amount
