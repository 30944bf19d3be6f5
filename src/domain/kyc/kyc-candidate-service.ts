// The business API's KYC profile candidates (schema.graphql Query.getPotentialKycProfiles,
// docs/kyc.md#candidates): profiles that could be reused for a user or linked to an organization,
// each with every reason it matched, strongest first. Never cached: review states must be
// current and personal data stays out of the shared result cache. The table reads within the
// caller's organization scope (docs/identity.md#organization-scope): a caller bound to an
// organization sees only that organization's profiles; any other subject is an empty page.
import type { KycCandidateRow, KycCandidateSubject, KycCandidateTable } from '../../access/kyc/kyc-candidate-table.ts';
import type { OrganizationScope } from '../../access/organization-scope.ts';
import { AppError } from '../../errors/app-error.ts';
import { type OffsetPageView, pageWindow } from '../paging/offset-page.ts';
import { unstorableText } from '../text/storable-text.ts';
import { type KycProfileView, kycProfileView } from './kyc-profile-view.ts';

export type KycMatchReason = 'SAME_USER' | 'SAME_ORGANIZATION' | 'ORGANIZATION_MEMBER' | 'SAME_EMAIL' | 'SAME_PHONE';

export interface KycCandidateView {
  profile: KycProfileView;
  matchReasons: KycMatchReason[];
  reusable: boolean;
  alreadyLinked: boolean;
}

export interface KycCandidateArguments {
  subject: { userId?: string | null; organizationId?: string | null };
  applicantType?: 'INDIVIDUAL' | 'COMPANY' | null;
  reusableOnly?: boolean | null;
  limit?: number | null;
  offset?: number | null;
}

export function createKycCandidateService(deps: { table: KycCandidateTable }) {
  return {
    async candidates(args: KycCandidateArguments, scope: OrganizationScope): Promise<OffsetPageView<KycCandidateView>> {
      const subject = subjectOf(args.subject);
      const window = pageWindow(args);
      const { rows, totalCount } = await deps.table.page({
        subject,
        applicantType: args.applicantType ?? null,
        reusableOnly: args.reusableOnly ?? false,
        scope,
        ...window,
      });
      return {
        items: rows.map(candidateView),
        totalCount,
        ...window,
        hasNextPage: window.offset + window.limit < totalCount,
      };
    },
  };
}

/** Exactly one of userId and organizationId (`@oneOf`, checked again here); a userId no user could have is refused. */
function subjectOf(subject: KycCandidateArguments['subject']): KycCandidateSubject {
  const { userId, organizationId } = subject;
  if (((userId ?? null) === null) === ((organizationId ?? null) === null))
    throw new AppError('VALIDATION_FAILED', 'subject must name exactly one of userId and organizationId', {
      details: [{ path: 'subject', message: 'exactly one of userId, organizationId' }],
    });
  if (organizationId !== null && organizationId !== undefined) return { organizationId: organizationId.toLowerCase() };
  const id = userId as string;
  const problem =
    id.length < 1 || id.length > 255 ? `must be 1 to 255 characters, got ${id.length}` : unstorableText(id);
  if (problem)
    throw new AppError('VALIDATION_FAILED', `subject.userId ${problem}`, {
      details: [{ path: 'subject.userId', message: problem }],
    });
  return { userId: id };
}

function candidateView(row: KycCandidateRow): KycCandidateView {
  const reasons: [boolean, KycMatchReason][] = [
    [row.sameUser, 'SAME_USER'],
    [row.sameOrganization, 'SAME_ORGANIZATION'],
    [row.organizationMember, 'ORGANIZATION_MEMBER'],
    [row.sameEmail, 'SAME_EMAIL'],
  ];
  return {
    profile: kycProfileView(row),
    matchReasons: reasons.filter(([matched]) => matched).map(([, reason]) => reason),
    // No level is requested, so any completed GREEN review can be reused as is.
    reusable: row.reviewStatus === 'completed' && row.reviewAnswer === 'GREEN',
    alreadyLinked: row.sameUser || row.sameOrganization,
  };
}

export type KycCandidateService = ReturnType<typeof createKycCandidateService>;
