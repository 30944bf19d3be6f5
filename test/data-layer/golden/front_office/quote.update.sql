-- role front_office: mutation { update_quote(where: {}, _set: { user_id: $user_id, currency: $currency, subtotal: $subtotal, tax_total: $tax_total, total: $total, status: $status, valid_until: $valid_until }) { affected_rows returning { id quote_number organization_id user_id currency subtotal tax_total total status valid_until created_at } } }
WITH "t1" AS (UPDATE "quote" AS "t0" SET "user_id" = $1::text, "currency" = $2::bpchar, "subtotal" = $3::numeric, "tax_total" = $4::numeric, "total" = $5::numeric, "status" = $6::text, "valid_until" = $7::date
  WHERE "t0"."status" = $8 RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'quote_number', "t1"."quote_number", 'organization_id', "t1"."organization_id", 'user_id', "t1"."user_id", 'currency', "t1"."currency", 'subtotal', "t1"."subtotal"::text, 'tax_total', "t1"."tax_total"::text, 'total', "t1"."total"::text, 'status', "t1"."status", 'valid_until', "t1"."valid_until", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t1"."status" = ANY($9::text[]), false)), true) AS "check_passed"
FROM "t1"
-- $1: quote.user_id $user_id
-- $2: quote.currency $currency
-- $3: quote.subtotal $subtotal
-- $4: quote.tax_total $tax_total
-- $5: quote.total $total
-- $6: quote.status $status
-- $7: quote.valid_until $valid_until
-- $8: "draft"
-- $9: ["draft","sent"]
