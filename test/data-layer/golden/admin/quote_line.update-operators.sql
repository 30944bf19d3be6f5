-- role admin: mutation { update_quote_line(where: {}, _inc: { id: $id, quote_id: $quote_id, position: $position, product_id: $product_id, quantity: $quantity, unit_price: $unit_price, tax_rate: $tax_rate, amount: $amount }) { affected_rows returning { id quote_id position product_id description quantity unit_price tax_rate amount } } }
WITH "t1" AS (UPDATE "quote_line" AS "t0" SET "id" = "t0"."id" + $1::int4, "quote_id" = "t0"."quote_id" + $2::int4, "position" = "t0"."position" + $3::int4, "product_id" = "t0"."product_id" + $4::int4, "quantity" = "t0"."quantity" + $5::numeric, "unit_price" = "t0"."unit_price" + $6::numeric, "tax_rate" = "t0"."tax_rate" + $7::numeric, "amount" = "t0"."amount" + $8::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'quote_id', "t1"."quote_id", 'position', "t1"."position", 'product_id', "t1"."product_id", 'description', "t1"."description", 'quantity', "t1"."quantity"::text, 'unit_price', "t1"."unit_price"::text, 'tax_rate', "t1"."tax_rate"::text, 'amount', "t1"."amount"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: quote_line.id $id
-- $2: quote_line.quote_id $quote_id
-- $3: quote_line.position $position
-- $4: quote_line.product_id $product_id
-- $5: quote_line.quantity $quantity
-- $6: quote_line.unit_price $unit_price
-- $7: quote_line.tax_rate $tax_rate
-- $8: quote_line.amount $amount
