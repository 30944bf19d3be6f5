-- role auditor: { ledger_transfer { id position kind debit_account_id credit_account_id asset amount pending_id linked_id description metadata created_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'position', "t0"."position"::text, 'kind', "t0"."kind", 'debit_account_id', "t0"."debit_account_id", 'credit_account_id', "t0"."credit_account_id", 'asset', "t0"."asset", 'amount', "t0"."amount"::text, 'pending_id', "t0"."pending_id", 'linked_id', "t0"."linked_id", 'description', "t0"."description", 'metadata', "t0"."metadata", 'created_at', "t0"."created_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."position", "t0"."kind", "t0"."debit_account_id", "t0"."credit_account_id", "t0"."asset", "t0"."amount", "t0"."pending_id", "t0"."linked_id", "t0"."description", "t0"."metadata", "t0"."created_at"
  FROM "ledger_transfer" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
