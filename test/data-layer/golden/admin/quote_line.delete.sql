-- role admin: mutation { delete_quote_line(where: {}) { affected_rows returning { id quote_id position product_id description quantity unit_price tax_rate amount } } }
WITH "t1" AS (DELETE
  FROM "quote_line" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'quote_id', "t1"."quote_id", 'position', "t1"."position", 'product_id', "t1"."product_id", 'description', "t1"."description", 'quantity', "t1"."quantity"::text, 'unit_price', "t1"."unit_price"::text, 'tax_rate', "t1"."tax_rate"::text, 'amount', "t1"."amount"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
