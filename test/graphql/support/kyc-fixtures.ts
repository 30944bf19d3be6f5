// What the KYC tests share (docs/kyc.md) beside the business-API test client and the KYC fake
// (test/support/provider-fakes/kyc-fake.ts): data keys, the demo KYC profiles' ids, and the
// callers of every kind as key specs (the admin is the bootstrap key, which names its acting user).
import { randomBytes } from 'node:crypto';
import { demoOrganizationIds } from '../../../src/db/seed/demo-organizations.ts';
import type { TestKeySpec } from '../../support/test-api-keys.ts';

export const { aurora, meridian, northbridge } = demoOrganizationIds;

/** A data key: a fresh random 32-byte key with an id. */
export function dataKey(id: string): { id: string; secret: string; entry: string } {
  const secret = randomBytes(32).toString('base64');
  return { id, secret, entry: `${id}:${secret}` };
}

/** The demo KYC profile `n` (src/db/seed/demo-ids.ts). */
export const profileId = (n: number) => `77777777-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const kycCallers = {
  /** Bound to Aurora, `kyc` and `kyc-decrypt`, owned by demo-alice. */
  aurora: { organization: aurora, scopes: ['kyc', 'kyc-decrypt'], owner: 'demo-alice' },
  /** Bound to Aurora, `kyc` only, owned by demo-alice. */
  auroraNoDecrypt: { organization: aurora, scopes: ['kyc'], owner: 'demo-alice' },
  /** Bound to Meridian, `kyc` and `kyc-decrypt`, owned by demo-grace. */
  meridian: { organization: meridian, scopes: ['kyc', 'kyc-decrypt'], owner: 'demo-grace' },
  /** A partner key bound to Aurora holding `kyc` and `kyc-decrypt`. */
  partner: { kind: 'partner', organization: aurora, scopes: ['kyc', 'kyc-decrypt'], owner: 'demo-alice' },
  /** Bound to Aurora, `read` only. */
  noScope: { organization: aurora, scopes: ['read'], owner: 'demo-alice' },
} satisfies Record<string, TestKeySpec>;
