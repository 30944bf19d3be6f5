-- role front_office: { product { id sku name description currency unit_price tax_rate active } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'sku', "t0"."sku", 'name', "t0"."name", 'description', "t0"."description", 'currency', "t0"."currency", 'unit_price', "t0"."unit_price"::text, 'tax_rate', "t0"."tax_rate"::text, 'active', "t0"."active")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."sku", "t0"."name", "t0"."description", "t0"."currency", "t0"."unit_price", "t0"."tax_rate", "t0"."active"
  FROM "product" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
