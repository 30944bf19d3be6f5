-- role admin: mutation { delete_product(where: {}) { affected_rows returning { id sku name description currency unit_price tax_rate active } } }
WITH "t1" AS (DELETE
  FROM "product" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'sku', "t1"."sku", 'name', "t1"."name", 'description', "t1"."description", 'currency', "t1"."currency", 'unit_price', "t1"."unit_price"::text, 'tax_rate', "t1"."tax_rate"::text, 'active', "t1"."active")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
