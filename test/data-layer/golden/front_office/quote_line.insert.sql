-- role front_office: mutation { insert_quote_line(objects: [{ quote_id: $quote_id, position: $position, product_id: $product_id, description: $description, quantity: $quantity, unit_price: $unit_price, tax_rate: $tax_rate, amount: $amount }]) { affected_rows returning { id quote_id position product_id description quantity unit_price tax_rate amount } } }
WITH "t0" AS (INSERT INTO "quote_line" ("quote_id", "position", "product_id", "description", "quantity", "unit_price", "tax_rate", "amount") VALUES ($1::int4, $2::int4, $3::int4, $4::text, $5::numeric, $6::numeric, $7::numeric, $8::numeric) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'quote_id', "t0"."quote_id", 'position', "t0"."position", 'product_id', "t0"."product_id", 'description', "t0"."description", 'quantity', "t0"."quantity"::text, 'unit_price', "t0"."unit_price"::text, 'tax_rate', "t0"."tax_rate"::text, 'amount', "t0"."amount"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", coalesce(bool_and(coalesce(EXISTS (SELECT 1
        FROM "quote" AS "t0__r1"
        WHERE ("t0__r1"."id" = "t0"."quote_id" AND "t0__r1"."status" = $9)), false)), true) AS "check_passed"
FROM "t0"
-- $1: quote_line.quote_id $quote_id
-- $2: quote_line.position $position
-- $3: quote_line.product_id $product_id
-- $4: quote_line.description $description
-- $5: quote_line.quantity $quantity
-- $6: quote_line.unit_price $unit_price
-- $7: quote_line.tax_rate $tax_rate
-- $8: quote_line.amount $amount
-- $9: "draft"
