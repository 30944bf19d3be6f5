-- role admin: mutation { update_product(where: {}, _set: { id: $id, sku: $sku, name: $name, description: $description, currency: $currency, unit_price: $unit_price, tax_rate: $tax_rate, active: $active }) { affected_rows returning { id sku name description currency unit_price tax_rate active } } }
WITH "t1" AS (UPDATE "product" AS "t0" SET "id" = $1::int4, "sku" = $2::text, "name" = $3::text, "description" = $4::text, "currency" = $5::bpchar, "unit_price" = $6::numeric, "tax_rate" = $7::numeric, "active" = $8::bool
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'sku', "t1"."sku", 'name', "t1"."name", 'description', "t1"."description", 'currency', "t1"."currency", 'unit_price', "t1"."unit_price"::text, 'tax_rate', "t1"."tax_rate"::text, 'active', "t1"."active")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: product.id $id
-- $2: product.sku $sku
-- $3: product.name $name
-- $4: product.description $description
-- $5: product.currency $currency
-- $6: product.unit_price $unit_price
-- $7: product.tax_rate $tax_rate
-- $8: product.active $active
