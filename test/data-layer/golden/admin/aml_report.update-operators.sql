-- role admin: mutation { update_aml_report(where: {}, _inc: { wallet_id: $wallet_id, risk_score: $risk_score }, _append: { exposures: $exposures }) { affected_rows returning { id wallet_id provider risk_level risk_score screening_status exposures requested_by created_at provider_screening_id completed_at } } }
WITH "t1" AS (UPDATE "aml_report" AS "t0" SET "wallet_id" = "t0"."wallet_id" + $1::int4, "risk_score" = "t0"."risk_score" + $2::numeric, "exposures" = "t0"."exposures" || $3::jsonb
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'provider', "t1"."provider", 'risk_level', "t1"."risk_level", 'risk_score', "t1"."risk_score"::text, 'screening_status', "t1"."screening_status", 'exposures', "t1"."exposures", 'requested_by', "t1"."requested_by", 'created_at', "t1"."created_at", 'provider_screening_id', "t1"."provider_screening_id", 'completed_at', "t1"."completed_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: aml_report.wallet_id $wallet_id
-- $2: aml_report.risk_score $risk_score
-- $3: aml_report.exposures $exposures
