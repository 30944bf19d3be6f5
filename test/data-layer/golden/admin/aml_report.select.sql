-- role admin: { aml_report { id wallet_id provider risk_level risk_score screening_status exposures requested_by created_at provider_screening_id completed_at } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'wallet_id', "t0"."wallet_id", 'provider', "t0"."provider", 'risk_level', "t0"."risk_level", 'risk_score', "t0"."risk_score"::text, 'screening_status', "t0"."screening_status", 'exposures', "t0"."exposures", 'requested_by', "t0"."requested_by", 'created_at', "t0"."created_at", 'provider_screening_id', "t0"."provider_screening_id", 'completed_at', "t0"."completed_at")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."wallet_id", "t0"."provider", "t0"."risk_level", "t0"."risk_score", "t0"."screening_status", "t0"."exposures", "t0"."requested_by", "t0"."created_at", "t0"."provider_screening_id", "t0"."completed_at"
  FROM "aml_report" AS "t0"
  WHERE true
  LIMIT 10001) AS "t0"
