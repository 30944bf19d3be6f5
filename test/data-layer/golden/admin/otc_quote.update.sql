-- role admin: mutation { update_otc_quote(where: {}, _set: { id: $id, organization_id: $organization_id, user_id: $user_id, product_id: $product_id, from_currency: $from_currency, to_currency: $to_currency, side: $side, quote_size: $quote_size, quote_fee_perc: $quote_fee_perc, exchange_rate: $exchange_rate, total: $total, status: $status, expires_at: $expires_at, created_at: $created_at }) { affected_rows returning { id organization_id user_id product_id from_currency to_currency side quote_size quote_fee_perc exchange_rate total status expires_at created_at } } }
WITH "t1" AS (UPDATE "otc_quote" AS "t0" SET "id" = $1::uuid, "organization_id" = $2::uuid, "user_id" = $3::text, "product_id" = $4::text, "from_currency" = $5::text, "to_currency" = $6::text, "side" = $7::text, "quote_size" = $8::numeric, "quote_fee_perc" = $9::numeric, "exchange_rate" = $10::numeric, "total" = $11::numeric, "status" = $12::text, "expires_at" = $13::timestamptz, "created_at" = $14::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'organization_id', "t1"."organization_id", 'user_id', "t1"."user_id", 'product_id', "t1"."product_id", 'from_currency', "t1"."from_currency", 'to_currency', "t1"."to_currency", 'side', "t1"."side", 'quote_size', "t1"."quote_size"::text, 'quote_fee_perc', "t1"."quote_fee_perc"::text, 'exchange_rate', "t1"."exchange_rate"::text, 'total', "t1"."total"::text, 'status', "t1"."status", 'expires_at', "t1"."expires_at", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
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
