-- role auditor: { invoice_line { id invoice_id position description quantity unit_price tax_rate amount } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'invoice_id', "t0"."invoice_id", 'position', "t0"."position", 'description', "t0"."description", 'quantity', "t0"."quantity"::text, 'unit_price', "t0"."unit_price"::text, 'tax_rate', "t0"."tax_rate"::text, 'amount', "t0"."amount"::text)), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."invoice_id", "t0"."position", "t0"."description", "t0"."quantity", "t0"."unit_price", "t0"."tax_rate", "t0"."amount"
  FROM "invoice_line" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
