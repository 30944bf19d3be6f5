-- role admin: mutation { insert_audit_log(objects: [{ id: $id, occurred_at: $occurred_at, actor_user_id: $actor_user_id, actor_api_key_id: $actor_api_key_id, action: $action, resource_type: $resource_type, resource_id: $resource_id, request_id: $request_id, details: $details }]) { affected_rows returning { id occurred_at actor_user_id actor_api_key_id action resource_type resource_id request_id details } } }
WITH "t0" AS (INSERT INTO "audit_log" ("id", "occurred_at", "actor_user_id", "actor_api_key_id", "action", "resource_type", "resource_id", "request_id", "details") VALUES ($1::int8, $2::timestamptz, $3::text, $4::uuid, $5::text, $6::text, $7::text, $8::text, $9::jsonb) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id"::text, 'occurred_at', "t0"."occurred_at", 'actor_user_id', "t0"."actor_user_id", 'actor_api_key_id', "t0"."actor_api_key_id", 'action', "t0"."action", 'resource_type', "t0"."resource_type", 'resource_id', "t0"."resource_id", 'request_id', "t0"."request_id", 'details', "t0"."details")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: audit_log.id $id
-- $2: audit_log.occurred_at $occurred_at
-- $3: audit_log.actor_user_id $actor_user_id
-- $4: audit_log.actor_api_key_id $actor_api_key_id
-- $5: audit_log.action $action
-- $6: audit_log.resource_type $resource_type
-- $7: audit_log.resource_id $resource_id
-- $8: audit_log.request_id $request_id
-- $9: audit_log.details $details
