// The KYC provider used when no URL is configured (DESIGN.md §3 providers). Tokens have the
// provider's shape (`_act-sbx-jwt-` + an unsigned JWT) so clients and the SDK see the same form.
import { randomUUID } from 'node:crypto';
import { assertValidAccessTokenRequest, type KycProvider } from './kyc-provider.ts';

export interface KycSimulatorOptions {
  now?: () => Date;
  /** Random part of the token id (`jti`); injectable for deterministic tests. */
  newTokenId?: () => string;
}

export const simulatedTokenPrefix = '_act-sbx-jwt-';

export function createKycSimulator(options: KycSimulatorOptions = {}): KycProvider {
  const now = options.now ?? (() => new Date());
  const newTokenId = options.newTokenId ?? (() => randomUUID());
  return {
    async createAccessToken(request) {
      assertValidAccessTokenRequest(request);
      const expiresAt = new Date(now().getTime() + request.ttlInSecs * 1000);
      const payload = {
        jti: `_act-sbx-${newTokenId()}`,
        sub: request.userId,
        level: request.levelName,
        exp: Math.floor(expiresAt.getTime() / 1000),
      };
      return { token: simulatedToken(payload), userId: request.userId, expiresAt };
    },
  };
}

function simulatedToken(payload: Record<string, unknown>): string {
  return `${simulatedTokenPrefix}${base64url({ alg: 'none' })}.${base64url(payload)}.`;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}
