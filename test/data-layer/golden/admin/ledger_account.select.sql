-- role admin: { ledger_account { id kind asset coin wallet_id fund_id user_id may_go_negative debits_posted credits_posted debits_pending credits_pending created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'kind', "t0"."kind", 'asset', "t0"."asset", 'coin', "t0"."coin", 'wallet_id', "t0"."wallet_id", 'fund_id', "t0"."fund_id", 'user_id', "t0"."user_id", 'may_go_negative', "t0"."may_go_negative", 'debits_posted', "t0"."debits_posted"::text, 'credits_posted', "t0"."credits_posted"::text, 'debits_pending', "t0"."debits_pending"::text, 'credits_pending', "t0"."credits_pending"::text, 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."kind", "t0"."asset", "t0"."coin", "t0"."wallet_id", "t0"."fund_id", "t0"."user_id", "t0"."may_go_negative", "t0"."debits_posted", "t0"."credits_posted", "t0"."debits_pending", "t0"."credits_pending", "t0"."created_at"
  FROM "ledger_account" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
