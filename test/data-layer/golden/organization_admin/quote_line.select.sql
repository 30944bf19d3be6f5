-- role organization_admin: { quote_line { id quote_id position product_id description quantity unit_price tax_rate amount } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'quote_id', "t0"."quote_id", 'position', "t0"."position", 'product_id', "t0"."product_id", 'description', "t0"."description", 'quantity', "t0"."quantity"::text, 'unit_price', "t0"."unit_price"::text, 'tax_rate', "t0"."tax_rate"::text, 'amount', "t0"."amount"::text)), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."quote_id", "t0"."position", "t0"."product_id", "t0"."description", "t0"."quantity", "t0"."unit_price", "t0"."tax_rate", "t0"."amount"
  FROM "quote_line" AS "t0"
  WHERE EXISTS (SELECT 1
    FROM "quote" AS "t0__r1"
    WHERE ("t0__r1"."id" = "t0"."quote_id" AND "t0__r1"."organization_id" = $1))
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
