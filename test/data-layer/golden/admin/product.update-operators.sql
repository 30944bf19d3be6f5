-- role admin: mutation { update_product(where: {}, _inc: { id: $id, unit_price: $unit_price, tax_rate: $tax_rate }) { affected_rows returning { id sku name description currency unit_price tax_rate active } } }
WITH "t1" AS (UPDATE "product" AS "t0" SET "id" = "t0"."id" + $1::int4, "unit_price" = "t0"."unit_price" + $2::numeric, "tax_rate" = "t0"."tax_rate" + $3::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'sku', "t1"."sku", 'name', "t1"."name", 'description', "t1"."description", 'currency', "t1"."currency", 'unit_price', "t1"."unit_price"::text, 'tax_rate', "t1"."tax_rate"::text, 'active', "t1"."active")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: product.id $id
-- $2: product.unit_price $unit_price
-- $3: product.tax_rate $tax_rate
