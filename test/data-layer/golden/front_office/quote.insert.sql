-- role front_office: mutation { insert_quote(objects: [{ quote_number: $quote_number, organization_id: $organization_id, user_id: $user_id, currency: $currency, subtotal: $subtotal, tax_total: $tax_total, total: $total, valid_until: $valid_until }]) { affected_rows returning { id quote_number organization_id user_id currency subtotal tax_total total status valid_until created_at } } }
WITH "t0" AS (INSERT INTO "quote" ("quote_number", "organization_id", "user_id", "currency", "subtotal", "tax_total", "total", "valid_until") VALUES ($1::text, $2::uuid, $3::text, $4::bpchar, $5::numeric, $6::numeric, $7::numeric, $8::date) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'quote_number', "t0"."quote_number", 'organization_id', "t0"."organization_id", 'user_id', "t0"."user_id", 'currency', "t0"."currency", 'subtotal', "t0"."subtotal"::text, 'tax_total', "t0"."tax_total"::text, 'total', "t0"."total"::text, 'status', "t0"."status", 'valid_until', "t0"."valid_until", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t0"."status" = $9, false)), true) AS "check_passed"
FROM "t0"
-- $1: quote.quote_number $quote_number
-- $2: quote.organization_id $organization_id
-- $3: quote.user_id $user_id
-- $4: quote.currency $currency
-- $5: quote.subtotal $subtotal
-- $6: quote.tax_total $tax_total
-- $7: quote.total $total
-- $8: quote.valid_until $valid_until
-- $9: "draft"
