-- role accounting: mutation { update_invoice_line(where: {}, _inc: { position: $position, quantity: $quantity, unit_price: $unit_price, tax_rate: $tax_rate, amount: $amount }) { affected_rows returning { id invoice_id position description quantity unit_price tax_rate amount } } }
WITH "t1" AS (UPDATE "invoice_line" AS "t0" SET "position" = "t0"."position" + $1::int4, "quantity" = "t0"."quantity" + $2::numeric, "unit_price" = "t0"."unit_price" + $3::numeric, "tax_rate" = "t0"."tax_rate" + $4::numeric, "amount" = "t0"."amount" + $5::numeric
  WHERE EXISTS (SELECT 1
    FROM "invoice" AS "t0__r1"
    WHERE ("t0__r1"."id" = "t0"."invoice_id" AND "t0__r1"."status" = $6)) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'invoice_id', "t1"."invoice_id", 'position', "t1"."position", 'description', "t1"."description", 'quantity', "t1"."quantity"::text, 'unit_price', "t1"."unit_price"::text, 'tax_rate', "t1"."tax_rate"::text, 'amount', "t1"."amount"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", coalesce(bool_and(coalesce(EXISTS (SELECT 1
        FROM "invoice" AS "t2"
        WHERE ("t2"."id" = "t1"."invoice_id" AND "t2"."status" = $7::text)), false)), true) AS "check_passed"
FROM "t1"
-- $1: invoice_line.position $position
-- $2: invoice_line.quantity $quantity
-- $3: invoice_line.unit_price $unit_price
-- $4: invoice_line.tax_rate $tax_rate
-- $5: invoice_line.amount $amount
-- $6: "draft"
-- $7: "draft"
