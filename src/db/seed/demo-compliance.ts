// Compliance cases with invitations, uploaded-file metadata, and KYC profiles in every review
// status with their documents (docs/domain.md#kyc). The file bytes are not part of the seed: these
// rows describe uploads (stored under `<uuid>.<ext>`, docs/files.md#names) and carry their hashes.
import type { Insertable } from 'kysely';
import type {
  CaseInvitationTable,
  ComplianceCaseTable,
  FileUploadTable,
  KycDocumentTable,
  KycProfileTable,
} from '../../../generated/database/database.ts';
import { DEMO_FAR_FUTURE, demoTime } from './demo-clock.ts';
import { demoHex, sha256Hex } from './demo-fake-values.ts';
import { demoFundIds } from './demo-funds.ts';
import { demoUuid } from './demo-ids.ts';
import { demoOrganizationIds } from './demo-organizations.ts';

/** Opens the Meridian onboarding case as Heidi; stored only as its SHA-256 (docs/demo-data.md). */
export const DEMO_CASE_INVITATION_TOKEN = 'demo-invitation-meridian-onboarding';
/** Already accepted (Aurora periodic review). */
export const DEMO_ACCEPTED_CASE_INVITATION_TOKEN = 'demo-invitation-aurora-review';
/** Expired before the base date (Meridian onboarding, addressed to a person with no account). */
export const DEMO_EXPIRED_CASE_INVITATION_TOKEN = 'demo-invitation-expired';

const { aurora, meridian, northbridge } = demoOrganizationIds;

export const demoComplianceCaseIds = {
  meridianOnboarding: 1,
  auroraReview2025: 2,
  erinSubscription: 3,
  meridianTransferReview: 4,
  meridianReview2024: 5,
} as const;
const c = demoComplianceCaseIds;

export const demoComplianceCases: Insertable<ComplianceCaseTable>[] = [
  {
    id: c.meridianOnboarding,
    organization_id: meridian,
    subject_user_id: 'demo-grace',
    fund_id: null,
    case_type: 'onboarding',
    status: 'in_review',
    title: 'Onboarding: Meridian Digital Assets Ltd',
    summary: 'Corporate documents received; beneficial owner Heidi Brennan still to resubmit proof of address.',
    created_at: demoTime(-30, 9),
    closed_at: null,
  },
  {
    id: c.auroraReview2025,
    organization_id: aurora,
    subject_user_id: 'demo-alice',
    fund_id: null,
    case_type: 'periodic_review',
    status: 'open',
    title: 'Annual periodic review 2025: Aurora Family Office AG',
    summary: 'Refresh source-of-wealth evidence and identity documents of the authorised signatories.',
    created_at: demoTime(-10, 9),
    closed_at: null,
  },
  {
    id: c.erinSubscription,
    organization_id: aurora,
    subject_user_id: 'demo-erin',
    fund_id: demoFundIds.digitalAssetFundI,
    case_type: 'fund_subscription',
    status: 'approved',
    title: 'Subscription: Erin Fischer into Northbridge Digital Asset Fund I',
    summary: 'Investor eligibility and subscription agreement verified.',
    created_at: demoTime(-300, 9),
    closed_at: demoTime(-291, 17),
  },
  {
    id: c.meridianTransferReview,
    organization_id: meridian,
    subject_user_id: 'demo-ivan',
    fund_id: null,
    case_type: 'transaction_review',
    status: 'rejected',
    title: 'Transfer review: outgoing SOL to an unverified address',
    summary: 'Destination could not be attributed; whitelist request rejected.',
    created_at: demoTime(-15, 10),
    closed_at: demoTime(-14, 16),
  },
  {
    id: c.meridianReview2024,
    organization_id: meridian,
    subject_user_id: 'demo-grace',
    fund_id: null,
    case_type: 'periodic_review',
    status: 'closed',
    title: 'Annual periodic review 2024: Meridian Digital Assets Ltd',
    summary: 'No findings.',
    created_at: demoTime(-390, 9),
    closed_at: demoTime(-370, 12),
  },
];

export const demoCaseInvitations: Insertable<CaseInvitationTable>[] = [
  {
    id: demoUuid('caseInvitation', 1),
    case_id: c.meridianOnboarding,
    email: 'heidi@example.com',
    user_id: 'demo-heidi',
    token_hash: sha256Hex(DEMO_CASE_INVITATION_TOKEN),
    expires_at: DEMO_FAR_FUTURE,
    accepted_at: null,
    created_at: demoTime(-20, 9),
  },
  {
    id: demoUuid('caseInvitation', 2),
    case_id: c.auroraReview2025,
    email: 'alice@example.com',
    user_id: 'demo-alice',
    token_hash: sha256Hex(DEMO_ACCEPTED_CASE_INVITATION_TOKEN),
    expires_at: demoTime(20),
    accepted_at: demoTime(-9, 14),
    created_at: demoTime(-10, 9),
  },
  {
    id: demoUuid('caseInvitation', 3),
    case_id: c.meridianOnboarding,
    email: 'nora.quinn@example.com',
    user_id: null,
    token_hash: sha256Hex(DEMO_EXPIRED_CASE_INVITATION_TOKEN),
    expires_at: demoTime(-6),
    accepted_at: null,
    created_at: demoTime(-27, 9),
  },
];

const extensions: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

interface FileSpec {
  n: number;
  originalName: string;
  contentType: 'application/pdf' | 'image/jpeg' | 'image/png';
  sizeBytes: number;
  owner: string;
  organizationId: string;
  caseId?: number;
  fundId?: number;
  createdDay: number;
}

function file(spec: FileSpec): Insertable<FileUploadTable> {
  const id = demoUuid('fileUpload', spec.n);
  return {
    id,
    stored_name: `${id}.${extensions[spec.contentType]}`,
    original_name: spec.originalName,
    content_type: spec.contentType,
    size_bytes: String(spec.sizeBytes),
    sha256: demoHex(`file-${spec.n}`, 64),
    owner_user_id: spec.owner,
    organization_id: spec.organizationId,
    case_id: spec.caseId ?? null,
    fund_id: spec.fundId ?? null,
    created_at: demoTime(spec.createdDay, 12),
  };
}

export const demoFileUploads: Insertable<FileUploadTable>[] = [
  file({
    n: 1,
    originalName: 'certificate-of-incorporation.pdf',
    contentType: 'application/pdf',
    sizeBytes: 248_311,
    owner: 'demo-grace',
    organizationId: meridian,
    caseId: c.meridianOnboarding,
    createdDay: -29,
  }),
  file({
    n: 2,
    originalName: 'register-of-shareholders.pdf',
    contentType: 'application/pdf',
    sizeBytes: 96_522,
    owner: 'demo-grace',
    organizationId: meridian,
    caseId: c.meridianOnboarding,
    createdDay: -29,
  }),
  file({
    n: 3,
    originalName: 'passport-heidi-brennan.jpg',
    contentType: 'image/jpeg',
    sizeBytes: 1_843_220,
    owner: 'demo-heidi',
    organizationId: meridian,
    caseId: c.meridianOnboarding,
    createdDay: -19,
  }),
  file({
    n: 4,
    originalName: 'selfie-heidi-brennan.jpg',
    contentType: 'image/jpeg',
    sizeBytes: 912_004,
    owner: 'demo-heidi',
    organizationId: meridian,
    createdDay: -19,
  }),
  file({
    n: 5,
    originalName: 'passport-erin-fischer.png',
    contentType: 'image/png',
    sizeBytes: 2_210_488,
    owner: 'demo-erin',
    organizationId: aurora,
    createdDay: -308,
  }),
  file({
    n: 6,
    originalName: 'utility-bill-erin-fischer.pdf',
    contentType: 'application/pdf',
    sizeBytes: 310_977,
    owner: 'demo-erin',
    organizationId: aurora,
    createdDay: -308,
  }),
  file({
    n: 7,
    originalName: 'nbdaf-i-prospectus-2025.pdf',
    contentType: 'application/pdf',
    sizeBytes: 4_102_933,
    owner: 'demo-olivia',
    organizationId: northbridge,
    fundId: demoFundIds.digitalAssetFundI,
    createdDay: -360,
  }),
  file({
    n: 8,
    originalName: 'subscription-agreement-erin-fischer.pdf',
    contentType: 'application/pdf',
    sizeBytes: 512_880,
    owner: 'demo-erin',
    organizationId: aurora,
    caseId: c.erinSubscription,
    fundId: demoFundIds.digitalAssetFundI,
    createdDay: -299,
  }),
  file({
    n: 9,
    originalName: 'source-of-wealth-statement.pdf',
    contentType: 'application/pdf',
    sizeBytes: 702_114,
    owner: 'demo-alice',
    organizationId: aurora,
    caseId: c.auroraReview2025,
    createdDay: -8,
  }),
  file({
    n: 10,
    originalName: 'id-card-alice-moreau.jpg',
    contentType: 'image/jpeg',
    sizeBytes: 1_320_044,
    owner: 'demo-alice',
    organizationId: aurora,
    caseId: c.auroraReview2025,
    createdDay: -8,
  }),
  file({
    n: 11,
    originalName: 'stablecoin-yield-factsheet-q4-2025.pdf',
    contentType: 'application/pdf',
    sizeBytes: 388_406,
    owner: 'demo-olivia',
    organizationId: northbridge,
    fundId: demoFundIds.stablecoinYield,
    createdDay: -6,
  }),
];

type ReviewStatus =
  'init' | 'pending' | 'prechecked' | 'queued' | 'completed' | 'onHold' | 'awaitingService' | 'awaitingUser';

interface ProfileSpec {
  n: number;
  userId: string | null;
  organizationId: string;
  fullName: string;
  email: string;
  countryCode: string;
  reviewStatus: ReviewStatus;
  answer?: 'GREEN' | 'RED';
  rejectType?: 'FINAL' | 'RETRY';
  rejectLabels?: string[];
  levelName?: string;
  createdDay: number;
  updatedDay: number;
}

function profile(spec: ProfileSpec): Insertable<KycProfileTable> {
  return {
    id: demoUuid('kycProfile', spec.n),
    user_id: spec.userId,
    organization_id: spec.organizationId,
    applicant_id: demoHex(`applicant-${spec.n}`, 24),
    level_name: spec.levelName ?? 'basic-kyc-level',
    review_status: spec.reviewStatus,
    review_answer: spec.answer ?? null,
    reject_type: spec.rejectType ?? null,
    reject_labels: spec.rejectLabels ?? [],
    full_name: spec.fullName,
    email: spec.email,
    country_code: spec.countryCode,
    questionnaire_ciphertext: null,
    created_at: demoTime(spec.createdDay, 10),
    updated_at: demoTime(spec.updatedDay, 15),
  };
}

/** Every review status; completed ones answered GREEN (Erin, Ivan) and RED (RETRY). */
export const demoKycProfiles: Insertable<KycProfileTable>[] = [
  profile({
    n: 1,
    userId: 'demo-erin',
    organizationId: aurora,
    fullName: 'Erin Fischer',
    email: 'erin@example.com',
    countryCode: 'CH',
    reviewStatus: 'completed',
    answer: 'GREEN',
    createdDay: -310,
    updatedDay: -305,
  }),
  profile({
    n: 2,
    userId: 'demo-heidi',
    organizationId: meridian,
    fullName: 'Heidi Brennan',
    email: 'heidi@example.com',
    countryCode: 'IE',
    reviewStatus: 'completed',
    answer: 'RED',
    rejectType: 'RETRY',
    rejectLabels: ['BAD_PROOF_OF_ADDRESS', 'DOCUMENT_PAGE_MISSING'],
    createdDay: -20,
    updatedDay: -17,
  }),
  profile({
    n: 3,
    userId: 'demo-alice',
    organizationId: aurora,
    fullName: 'Alice Moreau',
    email: 'alice@example.com',
    countryCode: 'CH',
    reviewStatus: 'awaitingUser',
    createdDay: -9,
    updatedDay: -8,
  }),
  profile({
    n: 4,
    userId: 'demo-judy',
    organizationId: meridian,
    fullName: 'Judy Chen',
    email: 'judy@example.com',
    countryCode: 'GB',
    reviewStatus: 'pending',
    createdDay: -3,
    updatedDay: -3,
  }),
  profile({
    n: 5,
    userId: 'demo-grace',
    organizationId: meridian,
    fullName: 'Grace Whitfield',
    email: 'grace@example.com',
    countryCode: 'GB',
    reviewStatus: 'queued',
    levelName: 'enhanced-kyc-level',
    createdDay: -29,
    updatedDay: -2,
  }),
  profile({
    n: 6,
    userId: 'demo-ivan',
    organizationId: meridian,
    fullName: 'Ivan Petrov',
    email: 'ivan@example.com',
    countryCode: 'BG',
    // Ivan trades for Meridian: completed GREEN, so the demo's pending quote can be traded
    // (docs/trading.md#who-may-trade).
    reviewStatus: 'completed',
    answer: 'GREEN',
    createdDay: -4,
    updatedDay: -4,
  }),
  profile({
    n: 7,
    userId: 'demo-bob',
    organizationId: aurora,
    fullName: 'Bob Keller',
    email: 'bob@example.com',
    countryCode: 'CH',
    reviewStatus: 'awaitingService',
    createdDay: -6,
    updatedDay: -5,
  }),
  profile({
    n: 8,
    userId: 'demo-frank',
    organizationId: aurora,
    fullName: 'Frank Rossi',
    email: 'frank@example.com',
    countryCode: 'IT',
    reviewStatus: 'onHold',
    createdDay: -44,
    updatedDay: -40,
  }),
  profile({
    n: 9,
    userId: null,
    organizationId: meridian,
    fullName: 'Nora Quinn',
    email: 'nora.quinn@example.com',
    countryCode: 'IE',
    reviewStatus: 'init',
    createdDay: -27,
    updatedDay: -27,
  }),
  profile({
    n: 10,
    userId: null,
    organizationId: meridian,
    fullName: 'Owen Gallagher',
    email: 'owen.gallagher@example.com',
    countryCode: 'IE',
    reviewStatus: 'prechecked',
    createdDay: -31,
    updatedDay: -30,
  }),
];

type DocumentType = 'ID_CARD' | 'PASSPORT' | 'DRIVERS' | 'RESIDENCE_PERMIT' | 'UTILITY_BILL' | 'SELFIE' | 'OTHER';

function kycDocument(
  n: number,
  profileN: number,
  type: DocumentType,
  countryCode: string,
  fileN: number | null,
  createdDay: number,
): Insertable<KycDocumentTable> {
  return {
    id: demoUuid('kycDocument', n),
    kyc_profile_id: demoUuid('kycProfile', profileN),
    inspection_id: demoHex(`inspection-${profileN}`, 24),
    document_type: type,
    country_code: countryCode,
    file_upload_id: fileN === null ? null : demoUuid('fileUpload', fileN),
    created_at: demoTime(createdDay, 12),
  };
}

export const demoKycDocuments: Insertable<KycDocumentTable>[] = [
  kycDocument(1, 1, 'PASSPORT', 'CH', 5, -308),
  kycDocument(2, 1, 'UTILITY_BILL', 'CH', 6, -308),
  kycDocument(3, 2, 'PASSPORT', 'IE', 3, -19),
  kycDocument(4, 2, 'SELFIE', 'IE', 4, -19),
  kycDocument(5, 3, 'ID_CARD', 'CH', 10, -8),
  kycDocument(6, 4, 'DRIVERS', 'GB', null, -3),
  kycDocument(7, 6, 'RESIDENCE_PERMIT', 'GB', null, -4),
  kycDocument(8, 5, 'PASSPORT', 'GB', null, -28),
];
