-- role admin: mutation { insert_aml_report(objects: [{ id: $id, wallet_id: $wallet_id, provider: $provider, risk_level: $risk_level, risk_score: $risk_score, screening_status: $screening_status, exposures: $exposures, requested_by: $requested_by, created_at: $created_at, provider_screening_id: $provider_screening_id, completed_at: $completed_at }]) { affected_rows returning { id wallet_id provider risk_level risk_score screening_status exposures requested_by created_at provider_screening_id completed_at } } }
WITH "t0" AS (INSERT INTO "aml_report" ("id", "wallet_id", "provider", "risk_level", "risk_score", "screening_status", "exposures", "requested_by", "created_at", "provider_screening_id", "completed_at") VALUES ($1::uuid, $2::int4, $3::text, $4::text, $5::numeric, $6::text, $7::jsonb, $8::text, $9::timestamptz, $10::text, $11::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'wallet_id', "t0"."wallet_id", 'provider', "t0"."provider", 'risk_level', "t0"."risk_level", 'risk_score', "t0"."risk_score"::text, 'screening_status', "t0"."screening_status", 'exposures', "t0"."exposures", 'requested_by', "t0"."requested_by", 'created_at', "t0"."created_at", 'provider_screening_id', "t0"."provider_screening_id", 'completed_at', "t0"."completed_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: aml_report.id $id
-- $2: aml_report.wallet_id $wallet_id
-- $3: aml_report.provider $provider
-- $4: aml_report.risk_level $risk_level
-- $5: aml_report.risk_score $risk_score
-- $6: aml_report.screening_status $screening_status
-- $7: aml_report.exposures $exposures
-- $8: aml_report.requested_by $requested_by
-- $9: aml_report.created_at $created_at
-- $10: aml_report.provider_screening_id $provider_screening_id
-- $11: aml_report.completed_at $completed_at
