-- role admin: mutation { update_compliance_case(where: {}, _inc: { id: $id, fund_id: $fund_id }) { affected_rows returning { id organization_id subject_user_id fund_id case_type status title summary created_at closed_at } } }
WITH "t1" AS (UPDATE "compliance_case" AS "t0" SET "id" = "t0"."id" + $1::int4, "fund_id" = "t0"."fund_id" + $2::int4
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'organization_id', "t1"."organization_id", 'subject_user_id', "t1"."subject_user_id", 'fund_id', "t1"."fund_id", 'case_type', "t1"."case_type", 'status', "t1"."status", 'title', "t1"."title", 'summary', "t1"."summary", 'created_at', "t1"."created_at", 'closed_at', "t1"."closed_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: compliance_case.id $id
-- $2: compliance_case.fund_id $fund_id
