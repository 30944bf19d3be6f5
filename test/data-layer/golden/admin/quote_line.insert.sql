-- role admin: mutation { insert_quote_line(objects: [{ id: $id, quote_id: $quote_id, position: $position, product_id: $product_id, description: $description, quantity: $quantity, unit_price: $unit_price, tax_rate: $tax_rate, amount: $amount }]) { affected_rows returning { id quote_id position product_id description quantity unit_price tax_rate amount } } }
WITH "t0" AS (INSERT INTO "quote_line" ("id", "quote_id", "position", "product_id", "description", "quantity", "unit_price", "tax_rate", "amount") VALUES ($1::int4, $2::int4, $3::int4, $4::int4, $5::text, $6::numeric, $7::numeric, $8::numeric, $9::numeric) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'quote_id', "t0"."quote_id", 'position', "t0"."position", 'product_id', "t0"."product_id", 'description', "t0"."description", 'quantity', "t0"."quantity"::text, 'unit_price', "t0"."unit_price"::text, 'tax_rate', "t0"."tax_rate"::text, 'amount', "t0"."amount"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: quote_line.id $id
-- $2: quote_line.quote_id $quote_id
-- $3: quote_line.position $position
-- $4: quote_line.product_id $product_id
-- $5: quote_line.description $description
-- $6: quote_line.quantity $quantity
-- $7: quote_line.unit_price $unit_price
-- $8: quote_line.tax_rate $tax_rate
-- $9: quote_line.amount $amount
