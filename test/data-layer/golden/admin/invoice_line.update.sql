-- role admin: mutation { update_invoice_line(where: {}, _set: { id: $id, invoice_id: $invoice_id, position: $position, description: $description, quantity: $quantity, unit_price: $unit_price, tax_rate: $tax_rate, amount: $amount }) { affected_rows returning { id invoice_id position description quantity unit_price tax_rate amount } } }
WITH "t1" AS (UPDATE "invoice_line" AS "t0" SET "id" = $1::int4, "invoice_id" = $2::int4, "position" = $3::int4, "description" = $4::text, "quantity" = $5::numeric, "unit_price" = $6::numeric, "tax_rate" = $7::numeric, "amount" = $8::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'invoice_id', "t1"."invoice_id", 'position', "t1"."position", 'description', "t1"."description", 'quantity', "t1"."quantity"::text, 'unit_price', "t1"."unit_price"::text, 'tax_rate', "t1"."tax_rate"::text, 'amount', "t1"."amount"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: invoice_line.id $id
-- $2: invoice_line.invoice_id $invoice_id
-- $3: invoice_line.position $position
-- $4: invoice_line.description $description
-- $5: invoice_line.quantity $quantity
-- $6: invoice_line.unit_price $unit_price
-- $7: invoice_line.tax_rate $tax_rate
-- $8: invoice_line.amount $amount
