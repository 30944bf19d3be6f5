-- role admin: mutation { insert_quote(objects: [{ id: $id, quote_number: $quote_number, organization_id: $organization_id, user_id: $user_id, currency: $currency, subtotal: $subtotal, tax_total: $tax_total, total: $total, status: $status, valid_until: $valid_until, created_at: $created_at }]) { affected_rows returning { id quote_number organization_id user_id currency subtotal tax_total total status valid_until created_at } } }
WITH "t0" AS (INSERT INTO "quote" ("id", "quote_number", "organization_id", "user_id", "currency", "subtotal", "tax_total", "total", "status", "valid_until", "created_at") VALUES ($1::int4, $2::text, $3::uuid, $4::text, $5::bpchar, $6::numeric, $7::numeric, $8::numeric, $9::text, $10::date, $11::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'quote_number', "t0"."quote_number", 'organization_id', "t0"."organization_id", 'user_id', "t0"."user_id", 'currency', "t0"."currency", 'subtotal', "t0"."subtotal"::text, 'tax_total', "t0"."tax_total"::text, 'total', "t0"."total"::text, 'status', "t0"."status", 'valid_until', "t0"."valid_until", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: quote.id $id
-- $2: quote.quote_number $quote_number
-- $3: quote.organization_id $organization_id
-- $4: quote.user_id $user_id
-- $5: quote.currency $currency
-- $6: quote.subtotal $subtotal
-- $7: quote.tax_total $tax_total
-- $8: quote.total $total
-- $9: quote.status $status
-- $10: quote.valid_until $valid_until
-- $11: quote.created_at $created_at
