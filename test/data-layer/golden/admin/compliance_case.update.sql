-- role admin: mutation { update_compliance_case(where: {}, _set: { id: $id, organization_id: $organization_id, subject_user_id: $subject_user_id, fund_id: $fund_id, case_type: $case_type, status: $status, title: $title, summary: $summary, created_at: $created_at, closed_at: $closed_at }) { affected_rows returning { id organization_id subject_user_id fund_id case_type status title summary created_at closed_at } } }
WITH "t1" AS (UPDATE "compliance_case" AS "t0" SET "id" = $1::int4, "organization_id" = $2::uuid, "subject_user_id" = $3::text, "fund_id" = $4::int4, "case_type" = $5::text, "status" = $6::text, "title" = $7::text, "summary" = $8::text, "created_at" = $9::timestamptz, "closed_at" = $10::timestamptz
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'organization_id', "t1"."organization_id", 'subject_user_id', "t1"."subject_user_id", 'fund_id', "t1"."fund_id", 'case_type', "t1"."case_type", 'status', "t1"."status", 'title', "t1"."title", 'summary', "t1"."summary", 'created_at', "t1"."created_at", 'closed_at', "t1"."closed_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
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
