// Reads a compliance case with everything its report and agreement print, in one
// statement: the case, organization, subject (with the subject's roles there), fund, files,
// invitations and the completed KYC reviews of the people involved. `document` names the
// document_access rule that admits the caller (administrator API keys only).
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { documentFilter } from '../../access/document-access.ts';
import type { Principal } from '../../access/principal.ts';
import {
  type OrganizationRecord,
  type PersonRecord,
  isoInstant,
  optionalIsoInstant,
  organizationJson,
  personJson,
} from './document-columns.ts';

export type CaseDocumentName = 'compliance_case_report' | 'compliance_case_agreement';

export interface CaseFileRecord {
  originalName: string;
  contentType: string;
  sizeBytes: string;
  sha256: string;
  uploadedAt: string;
  uploadedBy: PersonRecord | null;
}

export interface CaseInvitationRecord {
  email: string;
  invitee: PersonRecord | null;
  sentAt: string;
  acceptedAt: string | null;
  expiresAt: string;
}

export interface KycResultRecord {
  fullName: string | null;
  email: string | null;
  /** `GREEN` or `RED`. */
  answer: string | null;
  /** `FINAL` or `RETRY` for a RED answer. */
  rejectType: string | null;
  rejectLabels: string[];
  /** The profile's last update, when its review completed. */
  completedAt: string;
}

export interface ComplianceCaseRecord {
  id: number;
  caseType: string;
  status: string;
  title: string;
  summary: string | null;
  openedAt: string;
  closedAt: string | null;
  organization: OrganizationRecord;
  subject: PersonRecord | null;
  /** organization_membership roles of the subject in the case's organization. */
  subjectRoles: string[];
  fund: { id: number; name: string } | null;
  files: CaseFileRecord[];
  invitations: CaseInvitationRecord[];
  kycResults: KycResultRecord[];
}

const instant = (column: string) =>
  sql`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const filesJson = sql<CaseFileRecord[]>`coalesce((SELECT json_agg(json_build_object(
    'originalName', f.original_name, 'contentType', f.content_type, 'sizeBytes', f.size_bytes::text, 'sha256', f.sha256,
    'uploadedAt', ${instant('f.created_at')}, 'uploadedBy', ${personJson('fu')}) ORDER BY f.created_at, f.id)
  FROM file_upload f LEFT JOIN app_user fu ON fu.id = f.owner_user_id WHERE f.case_id = d.id), '[]'::json)`;

const invitationsJson = sql<CaseInvitationRecord[]>`coalesce((SELECT json_agg(json_build_object(
    'email', i.email, 'invitee', ${personJson('iu')}, 'sentAt', ${instant('i.created_at')},
    'acceptedAt', ${instant('i.accepted_at')}, 'expiresAt', ${instant('i.expires_at')}) ORDER BY i.created_at, i.id)
  FROM case_invitation i LEFT JOIN app_user iu ON iu.id = i.user_id WHERE i.case_id = d.id), '[]'::json)`;

// The people a case is about: its subject and every invited user.
const kycResultsJson = sql<KycResultRecord[]>`coalesce((SELECT json_agg(json_build_object(
    'fullName', k.full_name, 'email', k.email, 'answer', k.review_answer, 'rejectType', k.reject_type,
    'rejectLabels', k.reject_labels, 'completedAt', ${instant('k.updated_at')}) ORDER BY k.updated_at, k.id)
  FROM kyc_profile k WHERE k.review_status = 'completed' AND k.user_id IN (
    SELECT d.subject_user_id UNION SELECT ci.user_id FROM case_invitation ci WHERE ci.case_id = d.id)), '[]'::json)`;

export async function findComplianceCaseRecord(
  db: Db,
  principal: Principal,
  document: CaseDocumentName,
  caseId: number,
): Promise<ComplianceCaseRecord | null> {
  const row = await db
    .selectFrom('compliance_case as d')
    .innerJoin('organization as o', 'o.id', 'd.organization_id')
    .leftJoin('app_user as s', 's.id', 'd.subject_user_id')
    .leftJoin('fund as f', 'f.id', 'd.fund_id')
    .select([
      'd.id',
      'd.case_type as caseType',
      'd.status',
      'd.title',
      'd.summary',
      isoInstant('d.created_at').as('openedAt'),
      optionalIsoInstant('d.closed_at').as('closedAt'),
      organizationJson('o').as('organization'),
      personJson('s').as('subject'),
      sql<string[]>`array(SELECT m.role FROM organization_membership m
        WHERE m.user_id = d.subject_user_id AND m.organization_id = d.organization_id ORDER BY m.role)`.as(
        'subjectRoles',
      ),
      sql<{
        id: number;
        name: string;
      } | null>`CASE WHEN f.id IS NULL THEN NULL ELSE json_build_object('id', f.id, 'name', f.name) END`.as('fund'),
      filesJson.as('files'),
      invitationsJson.as('invitations'),
      kycResultsJson.as('kycResults'),
    ])
    .where('d.id', '=', caseId)
    .where(documentFilter(principal, document, 'd'))
    .executeTakeFirst();
  return row ?? null;
}
