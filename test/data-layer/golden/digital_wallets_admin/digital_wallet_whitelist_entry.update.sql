-- role digital_wallets_admin: mutation { update_digital_wallet_whitelist_entry(where: {}, _set: { status: $status, decided_at: $decided_at }) { affected_rows returning { id wallet_id address label status created_by created_at decided_at removed_at removed_by } } }
WITH "t1" AS (UPDATE "digital_wallet_whitelist_entry" AS "t0" SET "status" = $1::text, "decided_at" = $2::timestamptz
  WHERE (EXISTS (SELECT 1
      FROM "digital_wallet" AS "t0__r1"
      WHERE ("t0__r1"."id" = "t0"."wallet_id" AND "t0__r1"."organization_id" = $3)) AND "t0"."status" = $4 AND "t0"."created_by" <> $5) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'address', "t1"."address", 'label', "t1"."label", 'status', "t1"."status", 'created_by', "t1"."created_by", 'created_at', "t1"."created_at", 'decided_at', "t1"."decided_at", 'removed_at', "t1"."removed_at", 'removed_by', "t1"."removed_by")) FILTER (WHERE EXISTS (SELECT 1
        FROM "digital_wallet" AS "t1__r1"
        WHERE ("t1__r1"."id" = "t1"."wallet_id" AND "t1__r1"."organization_id" = $6))), '[]'::json))::text AS "value", coalesce(bool_and(coalesce("t1"."status" = ANY($7::text[]), false)), true) AS "check_passed"
FROM "t1"
-- $1: digital_wallet_whitelist_entry.status $status
-- $2: digital_wallet_whitelist_entry.decided_at $decided_at
-- $3: session x-data-organization-id
-- $4: "pending"
-- $5: session x-data-user-id
-- $6: session x-data-organization-id
-- $7: ["approved","rejected"]
