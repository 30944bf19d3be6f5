-- role admin: mutation { delete_aml_report(where: {}) { affected_rows returning { id wallet_id provider risk_level risk_score screening_status exposures requested_by created_at provider_screening_id completed_at } } }
WITH "t1" AS (DELETE
  FROM "aml_report" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'provider', "t1"."provider", 'risk_level', "t1"."risk_level", 'risk_score', "t1"."risk_score"::text, 'screening_status', "t1"."screening_status", 'exposures', "t1"."exposures", 'requested_by', "t1"."requested_by", 'created_at', "t1"."created_at", 'provider_screening_id', "t1"."provider_screening_id", 'completed_at', "t1"."completed_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
