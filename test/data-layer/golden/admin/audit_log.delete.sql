-- role admin: mutation { delete_audit_log(where: {}) { affected_rows returning { id occurred_at actor_user_id actor_api_key_id action resource_type resource_id request_id details } } }
WITH "t1" AS (DELETE
  FROM "audit_log" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id"::text, 'occurred_at', "t1"."occurred_at", 'actor_user_id', "t1"."actor_user_id", 'actor_api_key_id', "t1"."actor_api_key_id", 'action', "t1"."action", 'resource_type', "t1"."resource_type", 'resource_id', "t1"."resource_id", 'request_id', "t1"."request_id", 'details', "t1"."details")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
