-- role admin: mutation { insert_product(objects: [{ id: $id, sku: $sku, name: $name, description: $description, currency: $currency, unit_price: $unit_price, tax_rate: $tax_rate, active: $active }]) { affected_rows returning { id sku name description currency unit_price tax_rate active } } }
WITH "t0" AS (INSERT INTO "product" ("id", "sku", "name", "description", "currency", "unit_price", "tax_rate", "active") VALUES ($1::int4, $2::text, $3::text, $4::text, $5::bpchar, $6::numeric, $7::numeric, $8::bool) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'sku', "t0"."sku", 'name', "t0"."name", 'description', "t0"."description", 'currency', "t0"."currency", 'unit_price', "t0"."unit_price"::text, 'tax_rate', "t0"."tax_rate"::text, 'active', "t0"."active")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: product.id $id
-- $2: product.sku $sku
-- $3: product.name $name
-- $4: product.description $description
-- $5: product.currency $currency
-- $6: product.unit_price $unit_price
-- $7: product.tax_rate $tax_rate
-- $8: product.active $active
