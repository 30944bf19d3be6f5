-- role trader: mutation { update_otc_quote(where: {}, _set: { status: $status }) { affected_rows returning { id organization_id user_id product_id from_currency to_currency side quote_size quote_fee_perc exchange_rate total status expires_at created_at } } }
WITH "t1" AS (UPDATE "otc_quote" AS "t0" SET "status" = $1::text
  WHERE ("t0"."organization_id" = $2 AND "t0"."user_id" = $3 AND "t0"."status" = $4) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'organization_id', "t1"."organization_id", 'user_id', "t1"."user_id", 'product_id', "t1"."product_id", 'from_currency', "t1"."from_currency", 'to_currency', "t1"."to_currency", 'side', "t1"."side", 'quote_size', "t1"."quote_size"::text, 'quote_fee_perc', "t1"."quote_fee_perc"::text, 'exchange_rate', "t1"."exchange_rate"::text, 'total', "t1"."total"::text, 'status', "t1"."status", 'expires_at', "t1"."expires_at", 'created_at', "t1"."created_at")) FILTER (WHERE "t1"."organization_id" = $5), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t1"."status" = $6::text, false)), true) AS "check_passed"
FROM "t1"
-- $1: otc_quote.status $status
-- $2: session x-data-organization-id
-- $3: session x-data-user-id
-- $4: "pending"
-- $5: session x-data-organization-id
-- $6: "cancelled"
