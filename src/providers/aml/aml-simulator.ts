// The AML provider used when AML_URL is unset (docs/providers.md#aml-screening). The risk of a
// subject is derived from a SHA-256 of its coin and id, so the same wallet always gets the same
// score, level and exposures (and tests know them in advance); most subjects come out Low. A Low
// screening is auto-approved at once; any other is pending for a review period of the injected
// clock, then approved (Medium) or denied (High, Severe), as a compliance officer would decide.
import { createHash, randomUUID } from 'node:crypto';
import {
  type AmlExposure,
  type AmlExposureType,
  type AmlProvider,
  type AmlRiskLevel,
  type AmlScreening,
  type AmlScreeningRequest,
  amlRiskLevels,
  normalizeScreeningRequest,
  riskLevelForScore,
  screeningIdPattern,
} from './aml-provider.ts';

export interface AmlSimulatorOptions {
  now?: () => Date;
  /** Screening ids; injectable for deterministic tests. Default: random UUIDs. */
  newScreeningId?: () => string;
  /** How long a screening that needs review stays pending. Default 5 minutes. */
  reviewDelayMs?: number;
}

export const defaultReviewDelayMs = 5 * 60_000;
/** Screenings scoring below this are approved without review: the Low band. */
export const autoApproveBelowScore = 3;
/** Reviewed screenings scoring this or more are denied: High and Severe. */
export const denyFromScore = 6;

/** The categories the simulator reports, by the risk the provider assigns each. */
export const simulatedCategories: Record<AmlRiskLevel, readonly string[]> = {
  Low: ['exchange', 'custodian', 'defi', 'payment processor'],
  Medium: ['gambling', 'p2p exchange'],
  High: ['mixing', 'high risk exchange'],
  Severe: ['sanctions', 'darknet market', 'stolen funds'],
};

export interface SimulatedRisk {
  riskScore: number;
  riskLevel: AmlRiskLevel;
  /** The screened volume in USD, a decimal string with cents; the exposures' values add up to it. */
  volumeUsd: string;
  exposures: AmlExposure[];
}

interface StoredScreening {
  id: string;
  request: AmlScreeningRequest;
  createdAt: Date;
  risk: SimulatedRisk;
}

export function createAmlSimulator(options: AmlSimulatorOptions = {}): AmlProvider {
  const now = options.now ?? (() => new Date());
  const newScreeningId = options.newScreeningId ?? (() => randomUUID());
  const reviewDelayMs = options.reviewDelayMs ?? defaultReviewDelayMs;
  if (!Number.isInteger(reviewDelayMs) || reviewDelayMs < 0) {
    throw new Error(`reviewDelayMs must be a whole number >= 0, got ${reviewDelayMs}`);
  }
  const screenings = new Map<string, StoredScreening>();
  return {
    kind: 'simulator',
    async screenWallet(request) {
      const normalized = normalizeScreeningRequest(request);
      const stored: StoredScreening = {
        id: newScreeningId(),
        request: normalized,
        createdAt: now(),
        risk: simulatedRisk(normalized),
      };
      screenings.set(stored.id, stored);
      return screeningAt(stored, now(), reviewDelayMs);
    },
    async getScreening(id) {
      if (typeof id !== 'string' || !screeningIdPattern.test(id)) return null;
      const stored = screenings.get(id);
      return stored ? screeningAt(stored, now(), reviewDelayMs) : null;
    },
  };
}

function screeningAt(stored: StoredScreening, time: Date, reviewDelayMs: number): AmlScreening {
  const { risk, createdAt } = stored;
  const base = { id: stored.id, coin: stored.request.coin, subject: { ...stored.request.subject }, createdAt };
  const result = {
    riskLevel: risk.riskLevel,
    riskScore: risk.riskScore,
    exposures: risk.exposures.map((e) => ({ ...e })),
  };
  if (risk.riskScore < autoApproveBelowScore) {
    return { ...base, ...result, status: 'auto-approved', completedAt: createdAt };
  }
  const reviewedAt = new Date(createdAt.getTime() + reviewDelayMs);
  if (time.getTime() < reviewedAt.getTime()) {
    return { ...base, status: 'pending', riskLevel: null, riskScore: null, exposures: [], completedAt: null };
  }
  return {
    ...base,
    ...result,
    status: risk.riskScore >= denyFromScore ? 'denied' : 'approved',
    completedAt: reviewedAt,
  };
}

/**
 * The simulated risk of a subject, from SHA-256 of `coin:type:id`. The score is 10·u² for u
 * uniform in [0, 1] (hundredths), so about 55 % of subjects are Low, 23 % Medium, 15 % High and
 * 8 % Severe. The riskiest exposure has the subject's level; the rest are Low categories.
 */
export function simulatedRisk(request: AmlScreeningRequest): SimulatedRisk {
  const seed = createHash('sha256')
    .update(`${request.coin}:${request.subject.type}:${request.subject.id}`, 'utf8')
    .digest();
  const u = seed.readUInt16BE(0) % 1001;
  const riskScore = Math.floor((u * u) / 1000) / 100;
  const riskLevel = riskLevelForScore(riskScore);
  const volumeCents = 1_000_000n + BigInt(seed.readUInt32BE(2) % 499_000_000);

  const parts: { category: string; exposureType: AmlExposureType; basisPoints: number; riskLevel: AmlRiskLevel }[] = [];
  let remaining = 10_000;
  if (riskLevel !== 'Low') {
    const risky = simulatedCategories[riskLevel];
    const basisPoints = 500 + (seed.readUInt16BE(8) % 2501);
    const exposureType = riskLevel === 'Severe' || seed[11]! % 2 === 0 ? 'direct' : 'indirect';
    parts.push({ category: risky[seed[10]! % risky.length]!, exposureType, basisPoints, riskLevel });
    remaining -= basisPoints;
  }
  const low = simulatedCategories.Low;
  const lowCount = 1 + (seed[6]! % 2);
  const lowParts = Array.from({ length: lowCount }, (_, index) => low[(seed[7]! + index) % low.length]!);
  const firstShare = lowCount === 1 ? remaining : Math.floor((remaining * (50 + (seed[12]! % 31))) / 100);
  lowParts.forEach((category, index) => {
    const basisPoints = index === 0 ? firstShare : remaining - firstShare;
    const exposureType: AmlExposureType = seed[13 + index]! % 4 === 0 ? 'indirect' : 'direct';
    parts.push({ category, exposureType, basisPoints, riskLevel: 'Low' });
  });

  // Highest risk first (schema.graphql's `AmlReport.exposures`), then the larger share.
  const ordered = parts.sort(
    (a, b) =>
      amlRiskLevels.indexOf(b.riskLevel) - amlRiskLevels.indexOf(a.riskLevel) ||
      b.basisPoints - a.basisPoints ||
      a.category.localeCompare(b.category),
  );
  let assignedCents = 0n;
  const exposures = ordered.map((part, index): AmlExposure => {
    const cents =
      index === ordered.length - 1 ? volumeCents - assignedCents : (volumeCents * BigInt(part.basisPoints)) / 10_000n;
    assignedCents += cents;
    return {
      category: part.category,
      exposureType: part.exposureType,
      usdValue: formatCents(cents),
      sharePerc: part.basisPoints / 100,
      riskLevel: part.riskLevel,
    };
  });
  return { riskScore, riskLevel, volumeUsd: formatCents(volumeCents), exposures };
}

function formatCents(cents: bigint): string {
  const digits = cents.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
