// Compliance-case records → the case report and case agreement view models (document-models.ts).
import type { ComplianceCaseRecord } from '../../records/documents/document-tables.ts';
import type {
  CaseAgreementDocumentModel,
  CaseReportDocumentModel,
  CaseStatus,
  CaseSummary,
  CaseType,
  IssuerParty,
  Signatory,
} from '../../documents/document-models.ts';
import { optionalPersonParty, organizationParty, personName } from './document-parties.ts';
import { caseTimeline } from './case-timeline.ts';
import { knownValue } from './record-values.ts';

const caseTypes = [
  'onboarding',
  'periodic_review',
  'transaction_review',
  'fund_subscription',
] as const satisfies readonly CaseType[];
const caseStatuses = ['open', 'in_review', 'approved', 'rejected', 'closed'] as const satisfies readonly CaseStatus[];

/** Membership roles that sign for an organization, strongest first, with their printed titles. */
const signingTitles: readonly (readonly [role: string, title: string])[] = [
  ['director', 'Director'],
  ['organization_admin', 'Organization administrator'],
  ['fund_signatory', 'Fund signatory'],
];

/** `CASE-0001` for case 1. */
export function caseNumber(caseId: number): string {
  return `CASE-${String(caseId).padStart(4, '0')}`;
}

function caseSummary(record: ComplianceCaseRecord): CaseSummary {
  return {
    caseNumber: caseNumber(record.id),
    caseType: knownValue(record.caseType, caseTypes, 'compliance_case.case_type'),
    status: knownValue(record.status, caseStatuses, 'compliance_case.status'),
    title: record.title,
    summary: record.summary,
    organization: organizationParty(record.organization),
    subject: optionalPersonParty(record.subject),
    fund: record.fund ? { ...record.fund } : null,
    openedAt: record.openedAt,
    closedAt: record.closedAt,
  };
}

export function caseReportModel(record: ComplianceCaseRecord, issuer: IssuerParty, now: Date): CaseReportDocumentModel {
  return {
    issuer,
    generatedAt: now.toISOString(),
    complianceCase: caseSummary(record),
    timeline: caseTimeline(record, now),
    files: record.files.map((file) => ({
      originalName: file.originalName,
      contentType: file.contentType,
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      uploadedAt: file.uploadedAt,
      uploadedBy: file.uploadedBy ? personName(file.uploadedBy) : null,
    })),
  };
}

export function caseAgreementModel(
  record: ComplianceCaseRecord,
  issuer: IssuerParty,
  now: Date,
): CaseAgreementDocumentModel {
  const summary = caseSummary(record);
  const clientSignatory: Signatory = {
    party: record.organization.name,
    name: record.subject ? personName(record.subject) : null,
    role: signingTitles.find(([role]) => record.subjectRoles.includes(role))?.[1] ?? null,
  };
  return {
    issuer,
    agreementReference: `AGR-${summary.caseNumber}`,
    issuedAt: now.toISOString(),
    complianceCase: summary,
    client: { organization: summary.organization, person: summary.subject },
    // Cases store no negotiated terms yet; the standard terms of the template apply alone.
    specialTerms: [],
    signatories: [{ party: issuer.name, name: null, role: 'Authorised signatory' }, clientSignatory],
  };
}
