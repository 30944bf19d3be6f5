-- role admin: mutation { insert_compliance_case(objects: [{ id: $id, organization_id: $organization_id, subject_user_id: $subject_user_id, fund_id: $fund_id, case_type: $case_type, status: $status, title: $title, summary: $summary, created_at: $created_at, closed_at: $closed_at }]) { affected_rows returning { id organization_id subject_user_id fund_id case_type status title summary created_at closed_at } } }
WITH "t0" AS (INSERT INTO "compliance_case" ("id", "organization_id", "subject_user_id", "fund_id", "case_type", "status", "title", "summary", "created_at", "closed_at") VALUES ($1::int4, $2::uuid, $3::text, $4::int4, $5::text, $6::text, $7::text, $8::text, $9::timestamptz, $10::timestamptz) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'organization_id', "t0"."organization_id", 'subject_user_id', "t0"."subject_user_id", 'fund_id', "t0"."fund_id", 'case_type', "t0"."case_type", 'status', "t0"."status", 'title', "t0"."title", 'summary', "t0"."summary", 'created_at', "t0"."created_at", 'closed_at', "t0"."closed_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: compliance_case.id $id
-- $2: compliance_case.organization_id $organization_id
-- $3: compliance_case.subject_user_id $subject_user_id
-- $4: compliance_case.fund_id $fund_id
-- $5: compliance_case.case_type $case_type
-- $6: compliance_case.status $status
-- $7: compliance_case.title $title
-- $8: compliance_case.summary $summary
-- $9: compliance_case.created_at $created_at
-- $10: compliance_case.closed_at $closed_at
