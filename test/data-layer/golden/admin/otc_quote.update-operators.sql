-- role admin: mutation { update_otc_quote(where: {}, _inc: { quote_size: $quote_size, quote_fee_perc: $quote_fee_perc, exchange_rate: $exchange_rate, total: $total }) { affected_rows returning { id organization_id user_id product_id from_currency to_currency side quote_size quote_fee_perc exchange_rate total status expires_at created_at } } }
WITH "t1" AS (UPDATE "otc_quote" AS "t0" SET "quote_size" = "t0"."quote_size" + $1::numeric, "quote_fee_perc" = "t0"."quote_fee_perc" + $2::numeric, "exchange_rate" = "t0"."exchange_rate" + $3::numeric, "total" = "t0"."total" + $4::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'organization_id', "t1"."organization_id", 'user_id', "t1"."user_id", 'product_id', "t1"."product_id", 'from_currency', "t1"."from_currency", 'to_currency', "t1"."to_currency", 'side', "t1"."side", 'quote_size', "t1"."quote_size"::text, 'quote_fee_perc', "t1"."quote_fee_perc"::text, 'exchange_rate', "t1"."exchange_rate"::text, 'total', "t1"."total"::text, 'status', "t1"."status", 'expires_at', "t1"."expires_at", 'created_at', "t1"."created_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: otc_quote.quote_size $quote_size
-- $2: otc_quote.quote_fee_perc $quote_fee_perc
-- $3: otc_quote.exchange_rate $exchange_rate
-- $4: otc_quote.total $total
