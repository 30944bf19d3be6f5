-- role accounting: mutation { delete_invoice_line(where: {}) { affected_rows returning { id invoice_id position description quantity unit_price tax_rate amount } } }
WITH "t1" AS (DELETE
  FROM "invoice_line" AS "t0"
  WHERE EXISTS (SELECT 1
    FROM "invoice" AS "t0__r1"
    WHERE ("t0__r1"."id" = "t0"."invoice_id" AND "t0__r1"."status" = $1)) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'invoice_id', "t1"."invoice_id", 'position', "t1"."position", 'description', "t1"."description", 'quantity', "t1"."quantity"::text, 'unit_price', "t1"."unit_price"::text, 'tax_rate', "t1"."tax_rate"::text, 'amount', "t1"."amount"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: "draft"
