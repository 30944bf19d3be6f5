-- role admin: mutation { update_aml_report(where: {}, _set: { id: $id, wallet_id: $wallet_id, provider: $provider, risk_level: $risk_level, risk_score: $risk_score, screening_status: $screening_status, exposures: $exposures, requested_by: $requested_by, created_at: $created_at, provider_screening_id: $provider_screening_id, completed_at: $completed_at }) { affected_rows returning { id wallet_id provider risk_level risk_score screening_status exposures requested_by created_at provider_screening_id completed_at } } }
WITH "t1" AS (UPDATE "aml_report" AS "t0" SET "id" = $1::uuid, "wallet_id" = $2::int4, "provider" = $3::text, "risk_level" = $4::text, "risk_score" = $5::numeric, "screening_status" = $6::text, "exposures" = $7::jsonb, "requested_by" = $8::text, "created_at" = $9::timestamptz, "provider_screening_id" = $10::text, "completed_at" = $11::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'provider', "t1"."provider", 'risk_level', "t1"."risk_level", 'risk_score', "t1"."risk_score"::text, 'screening_status', "t1"."screening_status", 'exposures', "t1"."exposures", 'requested_by', "t1"."requested_by", 'created_at', "t1"."created_at", 'provider_screening_id', "t1"."provider_screening_id", 'completed_at', "t1"."completed_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
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
