-- role admin: mutation { insert_otc_quote(objects: [{ id: $id, organization_id: $organization_id, user_id: $user_id, product_id: $product_id, from_currency: $from_currency, to_currency: $to_currency, side: $side, quote_size: $quote_size, quote_fee_perc: $quote_fee_perc, exchange_rate: $exchange_rate, total: $total, status: $status, expires_at: $expires_at, created_at: $created_at }]) { affected_rows returning { id organization_id user_id product_id from_currency to_currency side quote_size quote_fee_perc exchange_rate total status expires_at created_at } } }
WITH "t0" AS (INSERT INTO "otc_quote" ("id", "organization_id", "user_id", "product_id", "from_currency", "to_currency", "side", "quote_size", "quote_fee_perc", "exchange_rate", "total", "status", "expires_at", "created_at") VALUES ($1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::text, $7::text, $8::numeric, $9::numeric, $10::numeric, $11::numeric, $12::text, $13::timestamptz, $14::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'organization_id', "t0"."organization_id", 'user_id', "t0"."user_id", 'product_id', "t0"."product_id", 'from_currency', "t0"."from_currency", 'to_currency', "t0"."to_currency", 'side', "t0"."side", 'quote_size', "t0"."quote_size"::text, 'quote_fee_perc', "t0"."quote_fee_perc"::text, 'exchange_rate', "t0"."exchange_rate"::text, 'total', "t0"."total"::text, 'status', "t0"."status", 'expires_at', "t0"."expires_at", 'created_at', "t0"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: otc_quote.id $id
-- $2: otc_quote.organization_id $organization_id
-- $3: otc_quote.user_id $user_id
-- $4: otc_quote.product_id $product_id
-- $5: otc_quote.from_currency $from_currency
-- $6: otc_quote.to_currency $to_currency
-- $7: otc_quote.side $side
-- $8: otc_quote.quote_size $quote_size
-- $9: otc_quote.quote_fee_perc $quote_fee_perc
-- $10: otc_quote.exchange_rate $exchange_rate
-- $11: otc_quote.total $total
-- $12: otc_quote.status $status
-- $13: otc_quote.expires_at $expires_at
-- $14: otc_quote.created_at $created_at
