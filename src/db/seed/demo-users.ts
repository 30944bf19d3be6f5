// The demo people. `demoUsers` is plain data that the README table and the development identity
// provider read too (docs/identity.md#identity-provider-tokens): ids are identity-provider subject
// strings.
import type { Insertable } from 'kysely';
import type { AppUserTable, OrganizationMembershipTable } from '../../../generated/database/database.ts';
import { demoTime } from './demo-clock.ts';
import { type DemoOrganizationKey, demoOrganizationIds } from './demo-organizations.ts';

/** Every organization role the platform knows; the demo data has at least one member of each. */
export const demoRoles = [
  'user',
  'organization_admin',
  'organization_member',
  'accounting',
  'auditor',
  'compliance',
  'front_office',
  'fund_manager',
  'fund_signatory',
  'investor',
  'trader',
  'digital_wallets_admin',
  'client_user_admin',
  'kyc_sdk_user',
  'workflow_sdk_user',
  'family_office',
  'director',
  'shareholder',
  'beneficial_owner',
  'card_holder',
] as const;

export type DemoRole = (typeof demoRoles)[number];

export interface DemoUser {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** Display name, e.g. for the development identity provider's `name` claim. */
  readonly name: string;
  /** Home organization (app_user.organization_id); null only for the platform administrator. */
  readonly organization: DemoOrganizationKey | null;
  readonly organizationId: string | null;
  /** Roles held in the home organization (organization_membership rows). */
  readonly roles: readonly DemoRole[];
  readonly isPlatformAdmin: boolean;
  /** What the user can see, in plain words (the intent; permissions.yaml is authoritative). */
  readonly canSee: string;
}

function demoUser(
  firstName: string,
  lastName: string,
  organization: DemoOrganizationKey | null,
  roles: readonly DemoRole[],
  canSee: string,
): DemoUser {
  const handle = firstName.toLowerCase();
  return {
    id: `demo-${handle}`,
    email: `${handle}@example.com`,
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    organization,
    organizationId: organization === null ? null : demoOrganizationIds[organization],
    roles,
    isPlatformAdmin: false,
    canSee,
  };
}

export const demoUsers: readonly DemoUser[] = [
  {
    ...demoUser(
      'Admin',
      'Operator',
      null,
      [],
      'Everything in every organization; administers the platform (uploads, case documents, wallet tokens for any organization).',
    ),
    id: 'demo-admin',
    email: 'admin@example.com',
    isPlatformAdmin: true,
  },
  demoUser(
    'Alice',
    'Moreau',
    'aurora',
    ['organization_admin', 'family_office'],
    "All of Aurora Family Office: its users, wallets, OTC quotes and trades, invoices, quotes and cases; manages Aurora's members.",
  ),
  demoUser(
    'Bob',
    'Keller',
    'aurora',
    ['trader', 'organization_member'],
    "Aurora's wallets and its OTC quotes and trades; requests quotes and executes trades. He created the pending BTC transfer approval, so someone else (Frank or Alice) must decide it.",
  ),
  demoUser(
    'Carol',
    'Nakamura',
    'aurora',
    ['accounting'],
    "Aurora's invoices (with internal notes and cost breakdown), receipts and sales quotes; wallet balances read-only.",
  ),
  demoUser(
    'Dave',
    'Okafor',
    'aurora',
    ['auditor'],
    'Read-only view of everything in Aurora, including invoices, transactions and the audit log; changes nothing.',
  ),
  demoUser(
    'Erin',
    'Fischer',
    'aurora',
    ['investor', 'beneficial_owner'],
    'Her own fund subscriptions and redemptions in the Northbridge funds, her capital statements, her KYC profile; Aurora ownership records.',
  ),
  demoUser(
    'Frank',
    'Rossi',
    'aurora',
    ['digital_wallets_admin', 'card_holder'],
    "Administers Aurora's wallets: addresses, whitelist entries, transactions, pending approvals and AML reports. Also a card holder.",
  ),
  demoUser(
    'Grace',
    'Whitfield',
    'meridian',
    ['organization_admin', 'director', 'client_user_admin'],
    'All of Meridian Digital Assets: users, wallets, trading, invoices, quotes and cases; invites and manages client users.',
  ),
  demoUser(
    'Heidi',
    'Brennan',
    'meridian',
    ['shareholder', 'beneficial_owner', 'investor'],
    'Her own fund subscriptions and redemptions, her KYC profile (needs a retry), and the Meridian onboarding case she is invited to.',
  ),
  demoUser(
    'Ivan',
    'Petrov',
    'meridian',
    ['trader', 'organization_member'],
    "Meridian's wallets and OTC quotes and trades, including the pending quote that can be accepted.",
  ),
  demoUser(
    'Judy',
    'Chen',
    'meridian',
    ['user'],
    'Only her own records: her profile, the sales quotes and the invoice addressed to her, her KYC profile.',
  ),
  demoUser(
    'Kim',
    'Sato',
    'meridian',
    ['kyc_sdk_user', 'workflow_sdk_user'],
    "A service user for Meridian's KYC and workflow SDK integrations: SDK init tokens and the KYC profiles they create.",
  ),
  demoUser(
    'Olivia',
    'Laurent',
    'northbridge',
    ['fund_manager', 'organization_admin'],
    'All of Northbridge Fund Services: its funds, every subscription and redemption into them, fund documents and the fund custody wallet.',
  ),
  demoUser(
    'Peggy',
    'Schmit',
    'northbridge',
    ['fund_signatory', 'director'],
    "Northbridge's funds and their subscriptions and redemptions, to approve and sign them.",
  ),
  demoUser(
    'Rupert',
    'Hale',
    'northbridge',
    ['compliance'],
    'Compliance across clients: cases, case invitations, KYC profiles and documents, AML reports and uploaded files.',
  ),
  demoUser(
    'Sybil',
    'Marx',
    'northbridge',
    ['front_office'],
    'The client book: client organizations, their users and wallets (balances, not keys), OTC quotes and trades.',
  ),
  demoUser(
    'Trent',
    'Weber',
    'northbridge',
    ['accounting', 'organization_member'],
    "Northbridge's own records plus billing: invoices, receipts, products and sales quotes.",
  ),
];

export const demoAppUsers: Insertable<AppUserTable>[] = demoUsers.map((user, index) => ({
  id: user.id,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
  organization_id: user.organizationId,
  is_platform_admin: user.isPlatformAdmin,
  created_at: demoTime(-400 + index * 5),
}));

export const demoMemberships: Insertable<OrganizationMembershipTable>[] = demoUsers.flatMap((user, index) =>
  user.organizationId === null
    ? []
    : user.roles.map((role) => ({
        organization_id: user.organizationId as string,
        user_id: user.id,
        role,
        created_at: demoTime(-400 + index * 5),
      })),
);
