-- role admin: mutation { update_quote(where: {}, _set: { id: $id, quote_number: $quote_number, organization_id: $organization_id, user_id: $user_id, currency: $currency, subtotal: $subtotal, tax_total: $tax_total, total: $total, status: $status, valid_until: $valid_until, created_at: $created_at }) { affected_rows returning { id quote_number organization_id user_id currency subtotal tax_total total status valid_until created_at } } }
WITH "t1" AS (UPDATE "quote" AS "t0" SET "id" = $1::int4, "quote_number" = $2::text, "organization_id" = $3::uuid, "user_id" = $4::text, "currency" = $5::bpchar, "subtotal" = $6::numeric, "tax_total" = $7::numeric, "total" = $8::numeric, "status" = $9::text, "valid_until" = $10::date, "created_at" = $11::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'quote_number', "t1"."quote_number", 'organization_id', "t1"."organization_id", 'user_id', "t1"."user_id", 'currency', "t1"."currency", 'subtotal', "t1"."subtotal"::text, 'tax_total', "t1"."tax_total"::text, 'total', "t1"."total"::text, 'status', "t1"."status", 'valid_until', "t1"."valid_until", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
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
