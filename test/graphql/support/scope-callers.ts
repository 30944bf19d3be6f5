// The callers a test of one business scope needs (docs/identity.md#scopes), as key specs for the
// business-API test client (test/support/business-api-client.ts) on the demo data: an admin key
// bound to none, service keys bound to each demo organization holding the scope, one without it,
// and a partner key.
import { demoOrganizationIds } from '../../../src/db/seed/demo-organizations.ts';
import type { TestKeySpec } from '../../support/test-api-keys.ts';

export const { aurora, meridian, northbridge } = demoOrganizationIds;

const businessScopes = ['read', 'wallets', 'custody', 'trading', 'kyc', 'funds', 'documents'];

export function scopeCallers(scope: string) {
  return {
    /** An admin key bound to no organization, owned by the platform administrator. */
    admin: { kind: 'admin', owner: 'demo-admin' },
    /** Service keys holding the scope, bound to Aurora (owner demo-alice), Meridian (demo-grace), Northbridge (demo-olivia). */
    aurora: { organization: aurora, scopes: [scope], owner: 'demo-alice' },
    meridian: { organization: meridian, scopes: [scope], owner: 'demo-grace' },
    northbridge: { organization: northbridge, scopes: [scope], owner: 'demo-olivia' },
    /** Bound to Aurora, holding every business scope but the one under test. */
    auroraWithoutScope: {
      organization: aurora,
      scopes: businessScopes.filter((each) => each !== scope),
      owner: 'demo-alice',
    },
    /** A partner key bound to Aurora holding the scope. */
    partner: { kind: 'partner', organization: aurora, scopes: [scope], owner: 'demo-alice' },
  } satisfies Record<string, TestKeySpec>;
}
