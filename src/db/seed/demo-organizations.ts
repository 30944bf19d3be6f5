// The demo organizations (docs/demo-data.md).
import type { Insertable } from 'kysely';
import type { OrganizationTable } from '../../../generated/database/database.ts';
import { demoTime } from './demo-clock.ts';
import { demoUuid } from './demo-ids.ts';

/** Two client organizations (a family office and a company) and the fund administrator. */
export const demoOrganizationIds = {
  aurora: demoUuid('organization', 1),
  meridian: demoUuid('organization', 2),
  northbridge: demoUuid('organization', 3),
} as const;

export type DemoOrganizationKey = keyof typeof demoOrganizationIds;

export const demoOrganizations: Insertable<OrganizationTable>[] = [
  {
    id: demoOrganizationIds.aurora,
    name: 'Aurora Family Office AG',
    slug: 'aurora-family-office',
    kind: 'family_office',
    country_code: 'CH',
    created_at: demoTime(-540),
  },
  {
    id: demoOrganizationIds.meridian,
    name: 'Meridian Digital Assets Ltd',
    slug: 'meridian-digital-assets',
    kind: 'company',
    country_code: 'GB',
    created_at: demoTime(-420),
  },
  {
    id: demoOrganizationIds.northbridge,
    name: 'Northbridge Fund Services S.A.',
    slug: 'northbridge-fund-services',
    kind: 'fund_administrator',
    country_code: 'LU',
    created_at: demoTime(-720),
  },
];
