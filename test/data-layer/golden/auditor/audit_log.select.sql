-- role auditor: { audit_log { id occurred_at actor_user_id actor_api_key_id action resource_type resource_id request_id details } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id"::text, 'occurred_at', "t0"."occurred_at", 'actor_user_id', "t0"."actor_user_id", 'actor_api_key_id', "t0"."actor_api_key_id", 'action', "t0"."action", 'resource_type', "t0"."resource_type", 'resource_id', "t0"."resource_id", 'request_id', "t0"."request_id", 'details', "t0"."details")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."occurred_at", "t0"."actor_user_id", "t0"."actor_api_key_id", "t0"."action", "t0"."resource_type", "t0"."resource_id", "t0"."request_id", "t0"."details"
  FROM "audit_log" AS "t0"
  WHERE true
  LIMIT 1000) AS "t0"
