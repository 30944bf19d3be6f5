// The AML screening port (docs/providers.md#aml-screening, docs/domain.md#wallets-and-custody):
// screen a wallet, given by its coin and an address or the custodian's wallet id, and read a
// screening again later. A screening yields a risk level and a 0–10 score, exposures by category,
// and a status: pending, approved, denied or auto-approved. Implemented by the HTTP client and by
// the simulator, which both check requests here so they refuse the same input.
import { AppError, type ErrorDetail } from '../../errors/app-error.ts';

export const amlRiskLevels = ['Low', 'Medium', 'High', 'Severe'] as const;
export type AmlRiskLevel = (typeof amlRiskLevels)[number];

export const amlScreeningStatuses = ['pending', 'approved', 'denied', 'auto-approved'] as const;
export type AmlScreeningStatus = (typeof amlScreeningStatuses)[number];

export const amlExposureTypes = ['direct', 'indirect'] as const;
export type AmlExposureType = (typeof amlExposureTypes)[number];

export const amlSubjectTypes = ['address', 'custodianWallet'] as const;

/** What is screened: an on-chain address, or a wallet by the custodian's id for it. */
export interface AmlSubject {
  type: (typeof amlSubjectTypes)[number];
  id: string;
}

export interface AmlScreeningRequest {
  /** The wallet's coin or network symbol, e.g. `BTC` (case-insensitive). */
  coin: string;
  subject: AmlSubject;
}

export interface AmlExposure {
  /** The provider's category in lower case, e.g. `exchange`, `mixing`, `sanctions`. */
  category: string;
  exposureType: AmlExposureType;
  /** USD value of the exposed funds, a decimal string. */
  usdValue: string;
  /** Share of the screened volume in percent (12.5 means 12.5 %). */
  sharePerc: number;
  riskLevel: AmlRiskLevel;
}

export interface AmlScreening {
  /** The provider's screening id. */
  id: string;
  /** Upper case. */
  coin: string;
  subject: AmlSubject;
  status: AmlScreeningStatus;
  /** Null while pending. */
  riskLevel: AmlRiskLevel | null;
  /** 0 (no risk) to 10; null while pending, or when the provider gives a level only. */
  riskScore: number | null;
  /** Highest risk first; empty while pending. */
  exposures: AmlExposure[];
  createdAt: Date;
  /** When the status became final; null while pending. */
  completedAt: Date | null;
}

export interface AmlProvider {
  /** `simulator` or `http`: the `provider` an AML report names. */
  readonly kind: 'simulator' | 'http';
  /** Starts a screening; the answer may already be complete, or pending (read it later). */
  screenWallet(request: AmlScreeningRequest): Promise<AmlScreening>;
  /** The screening as it stands now; null when the provider has no such screening. */
  getScreening(id: string): Promise<AmlScreening | null>;
}

/** The `coin` table's rule for a symbol (src/db/migrations/0001-initial-schema.ts). */
const coinPattern = /^[A-Z0-9]{1,15}$/;
/** Addresses (hex, base58, bech32, `prefix:` forms) and custodian wallet ids. */
const subjectIdPattern = /^[A-Za-z0-9:._-]{1,128}$/;
/** Screening ids as a path segment can carry them. */
export const screeningIdPattern = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The level for a score when the provider gives a score only, with the bands of schema.graphql's
 * `AmlRiskLevel`: below 3 Low, below 6 Medium, below 8.5 High, else Severe.
 */
export function riskLevelForScore(score: number): AmlRiskLevel {
  if (score < 3) return 'Low';
  if (score < 6) return 'Medium';
  if (score < 8.5) return 'High';
  return 'Severe';
}

/** The request with the coin in upper case; BAD_REQUEST naming each bad field. */
export function normalizeScreeningRequest(request: AmlScreeningRequest): AmlScreeningRequest {
  const details: ErrorDetail[] = [];
  const coin = typeof request?.coin === 'string' ? request.coin.trim().toUpperCase() : '';
  if (!coinPattern.test(coin)) {
    details.push({ path: 'coin', message: 'coin must be a coin symbol of 1 to 15 letters or digits' });
  }
  const subject = request?.subject;
  if (!subject || !(amlSubjectTypes as readonly unknown[]).includes(subject.type)) {
    details.push({ path: 'subject.type', message: `subject.type must be one of ${amlSubjectTypes.join(', ')}` });
  }
  if (typeof subject?.id !== 'string' || !subjectIdPattern.test(subject.id)) {
    details.push({
      path: 'subject.id',
      message: 'subject.id must be 1 to 128 letters, digits or the characters : . _ -',
    });
  }
  if (details.length > 0) {
    const summary = details.map((detail) => detail.message).join('; ');
    throw new AppError('BAD_REQUEST', `invalid AML screening request: ${summary}`, { details });
  }
  return { coin, subject: { type: subject.type, id: subject.id } };
}
