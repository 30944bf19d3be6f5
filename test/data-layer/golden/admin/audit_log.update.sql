-- role admin: mutation { update_audit_log(where: {}, _set: { id: $id, occurred_at: $occurred_at, actor_user_id: $actor_user_id, actor_api_key_id: $actor_api_key_id, action: $action, resource_type: $resource_type, resource_id: $resource_id, request_id: $request_id, details: $details }) { affected_rows returning { id occurred_at actor_user_id actor_api_key_id action resource_type resource_id request_id details } } }
WITH "t1" AS (UPDATE "audit_log" AS "t0" SET "id" = $1::int8, "occurred_at" = $2::timestamptz, "actor_user_id" = $3::text, "actor_api_key_id" = $4::uuid, "action" = $5::text, "resource_type" = $6::text, "resource_id" = $7::text, "request_id" = $8::text, "details" = $9::jsonb
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id"::text, 'occurred_at', "t1"."occurred_at", 'actor_user_id', "t1"."actor_user_id", 'actor_api_key_id', "t1"."actor_api_key_id", 'action', "t1"."action", 'resource_type', "t1"."resource_type", 'resource_id', "t1"."resource_id", 'request_id', "t1"."request_id", 'details', "t1"."details")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: audit_log.id $id
-- $2: audit_log.occurred_at $occurred_at
-- $3: audit_log.actor_user_id $actor_user_id
-- $4: audit_log.actor_api_key_id $actor_api_key_id
-- $5: audit_log.action $action
-- $6: audit_log.resource_type $resource_type
-- $7: audit_log.resource_id $resource_id
-- $8: audit_log.request_id $request_id
-- $9: audit_log.details $details
