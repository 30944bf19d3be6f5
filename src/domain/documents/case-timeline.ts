// The timeline of a case report (document-models.ts CaseReportDocumentModel): opening,
// uploads, invitations, completed KYC reviews of the people involved and closing, oldest
// first. Invitations past their expiry that were never accepted count as expired as of `now`.
import type { ComplianceCaseRecord, KycResultRecord } from '../../records/documents/document-tables.ts';
import type { CaseTimelineEntry } from '../../documents/document-models.ts';
import { personName } from './document-parties.ts';

export function caseTimeline(record: ComplianceCaseRecord, now: Date): CaseTimelineEntry[] {
  const entries: CaseTimelineEntry[] = [
    { at: record.openedAt, actor: null, event: 'Case opened', detail: record.title },
  ];
  for (const file of record.files) {
    entries.push({
      at: file.uploadedAt,
      actor: file.uploadedBy ? personName(file.uploadedBy) : null,
      event: 'Document uploaded',
      detail: file.originalName,
    });
  }
  for (const invitation of record.invitations) {
    entries.push({ at: invitation.sentAt, actor: null, event: 'Invitation sent', detail: invitation.email });
    if (invitation.acceptedAt) {
      const actor = invitation.invitee ? personName(invitation.invitee) : null;
      entries.push({ at: invitation.acceptedAt, actor, event: 'Invitation accepted', detail: invitation.email });
    } else if (Date.parse(invitation.expiresAt) <= now.getTime()) {
      entries.push({ at: invitation.expiresAt, actor: null, event: 'Invitation expired', detail: invitation.email });
    }
  }
  for (const result of record.kycResults) entries.push(kycEntry(result));
  if (record.closedAt) {
    entries.push({
      at: record.closedAt,
      actor: null,
      event: 'Case closed',
      detail: `Status: ${record.status.replace(/_/g, ' ')}`,
    });
  }
  // A stable sort keeps same-instant entries in the order above (ISO instants sort as text).
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

function kycEntry(result: KycResultRecord): CaseTimelineEntry {
  const outcome =
    result.answer === 'RED' && result.rejectType
      ? `RED (${result.rejectType.toLowerCase()})`
      : (result.answer ?? 'no answer');
  const who = result.fullName ?? result.email ?? 'unnamed applicant';
  const detail = result.rejectLabels.length > 0 ? `${who}: ${result.rejectLabels.join(', ')}` : who;
  return { at: result.completedAt, actor: null, event: `KYC review completed: ${outcome}`, detail };
}
