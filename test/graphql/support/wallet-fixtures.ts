// What the wallet mutation tests share (docs/custody.md#wallet-operations) beside the
// business-API test client: the custodian and AML fakes on one manual clock, the callers of each
// kind as key specs, and the demo wallets by label.
import { demoOrganizationIds } from '../../../src/db/seed/demo-organizations.ts';
import type { BusinessApiClient } from '../../support/business-api-client.ts';
import { type AmlFake, startAmlFake } from '../../support/provider-fakes/aml-fake.ts';
import { type CustodyFake, startCustodyFake } from '../../support/provider-fakes/custody-fake.ts';
import type { TestKeySpec } from '../../support/test-api-keys.ts';
import { manualClock, type ManualClock } from '../../providers/custody/support/custody-harness.ts';

export const aurora = demoOrganizationIds.aurora;
export const meridian = demoOrganizationIds.meridian;

export const walletCallers = {
  /** An admin key owned by the platform administrator. */
  admin: { kind: 'admin', owner: 'demo-admin' },
  /** Service keys with `read` and `wallets`, bound to Aurora (owner demo-frank) and Meridian (owner demo-grace). */
  aurora: { organization: aurora, scopes: ['read', 'wallets'], owner: 'demo-frank' },
  meridian: { organization: meridian, scopes: ['read', 'wallets'], owner: 'demo-grace' },
  /** Bound to Aurora, `read` only. */
  auroraReader: { organization: aurora, scopes: ['read'], owner: 'demo-alice' },
  /** A partner key bound to Aurora holding `wallets`. */
  partner: { kind: 'partner', organization: aurora, scopes: ['wallets'], owner: 'demo-alice' },
} satisfies Record<string, TestKeySpec>;

/** The custodian and the AML provider of a wallet test, and the clock of both. */
export async function startWalletProviders(): Promise<{ clock: ManualClock; custodian: CustodyFake; aml: AmlFake }> {
  const clock = manualClock('2026-03-02T09:00:00.000Z');
  const custodian = await startCustodyFake({ now: clock.now, seed: 'wallet-operations' });
  const aml = await startAmlFake({ now: clock.now });
  return { clock, custodian, aml };
}

/** A demo wallet's id by its label. */
export async function demoWalletId(api: BusinessApiClient, label: string): Promise<number> {
  const [row] = await api.rows('SELECT id FROM digital_wallet WHERE label = $1', [label]);
  if (!row) throw new Error(`no demo wallet labelled ${label}`);
  return row.id;
}
