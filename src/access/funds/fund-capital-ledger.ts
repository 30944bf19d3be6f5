// Reads what an investor's capital statement is computed from (docs/funds.md#capital-statements;
// schema.graphql `Mutation.downloadFundInvestorCapitalStatementPdf`), in one statement: the fund
// and its administrator, the investor and their organization, the fund's NAV in force when the
// period opens and when it closes (fund_nav), and the investor's register rows
// (fund_capital_movement) up to the period's end, each with the NAV of its day. Only an investor
// whose home organization the caller's scope reaches (docs/identity.md#organization-scope) and who
// has a register row in the fund by the period's end is found; everything else is null alike, so
// a caller cannot tell a missing fund from one out of reach.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { type OrganizationRecord, organizationJson, type PersonRecord } from '../documents/document-sql.ts';
import { fitsIntegerRowId } from '../integer-row-id.ts';
import { type OrganizationScope, organizationInScope } from '../organization-scope.ts';

export type CapitalMovementKind = 'subscription' | 'redemption' | 'fee';

export interface FundNavRecord {
  /** `YYYY-MM-DD`. */
  date: string;
  /** numeric(38, 8) as text. */
  navPerUnit: string;
}

export interface CapitalMovementRecord {
  id: number;
  kind: CapitalMovementKind;
  /** The dealing day, `YYYY-MM-DD`. */
  effectiveDate: string;
  /** numeric(38, 8) as text; null for a fee, which moves no units. */
  units: string | null;
  /** numeric(38, 2) as text, positive. */
  amount: string;
  /** The fund's NAV on the movement's day (every movement is dated on a NAV day). */
  navPerUnit: string;
  subscriptionId: number | null;
  redemptionId: number | null;
  /** A fee's description (`Management fee Q4 2025`); null for dealings. */
  description: string | null;
}

export interface FundCapitalLedger {
  fund: {
    id: number;
    name: string;
    currency: string;
    navPerUnit: string | null;
    status: string;
    administrator: OrganizationRecord;
  };
  investor: PersonRecord;
  investorOrganization: OrganizationRecord | null;
  /** The latest NAV dated before the period's first day; null when the fund published none. */
  openingNav: FundNavRecord | null;
  /** The latest NAV dated on or before the period's last day. */
  closingNav: FundNavRecord | null;
  /** The investor's register rows dated on or before the period's last day, oldest first. */
  movements: CapitalMovementRecord[];
}

export interface FundCapitalQuery {
  fundId: number;
  investorUserId: string;
  /** `YYYY-MM-DD`, valid dates, start not after end. */
  periodStart: string;
  periodEnd: string;
}

function navAt(fund: string, condition: ReturnType<typeof sql>) {
  return sql<FundNavRecord | null>`(SELECT json_build_object('date', to_char(n.nav_date, 'YYYY-MM-DD'), 'navPerUnit', n.nav_per_unit::text)
    FROM fund_nav n WHERE n.fund_id = ${sql.ref(`${fund}.id`)} AND ${condition} ORDER BY n.nav_date DESC LIMIT 1)`;
}

export async function selectFundCapitalLedger(
  db: Db,
  scope: OrganizationScope,
  query: FundCapitalQuery,
): Promise<FundCapitalLedger | null> {
  const { fundId, investorUserId, periodStart, periodEnd } = query;
  if (!fitsIntegerRowId(fundId)) return null;
  const inPeriodOrBefore = sql`m.fund_id = d.id AND m.user_id = u.id AND m.effective_date <= ${periodEnd}::date`;
  const row = await db
    .selectFrom('fund as d')
    .innerJoin('organization as o', 'o.id', 'd.organization_id')
    .innerJoin('app_user as u', (join) => join.on('u.id', '=', investorUserId))
    .select([
      sql<FundCapitalLedger['fund']>`json_build_object('id', d.id, 'name', d.name, 'currency', d.currency,
        'navPerUnit', d.nav_per_unit::text, 'status', d.status, 'administrator', ${organizationJson('o')})`.as('fund'),
      sql<PersonRecord>`json_build_object('userId', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)`.as(
        'investor',
      ),
      sql<OrganizationRecord | null>`(SELECT json_build_object('name', io.name, 'countryCode', io.country_code)
        FROM organization io WHERE io.id = u.organization_id)`.as('investorOrganization'),
      navAt('d', sql`n.nav_date < ${periodStart}::date`).as('openingNav'),
      navAt('d', sql`n.nav_date <= ${periodEnd}::date`).as('closingNav'),
      sql<CapitalMovementRecord[]>`coalesce((SELECT json_agg(json_build_object('id', m.id, 'kind', m.kind,
          'effectiveDate', to_char(m.effective_date, 'YYYY-MM-DD'), 'units', m.units::text, 'amount', m.amount::text,
          'navPerUnit', n.nav_per_unit::text, 'subscriptionId', m.subscription_id, 'redemptionId', m.redemption_id,
          'description', m.description) ORDER BY m.effective_date, m.id)
        FROM fund_capital_movement m JOIN fund_nav n ON n.fund_id = m.fund_id AND n.nav_date = m.effective_date
        WHERE ${inPeriodOrBefore}), '[]'::json)`.as('movements'),
    ])
    .where('d.id', '=', fundId)
    .where(organizationInScope(scope, 'u.organization_id'))
    .where(sql<boolean>`EXISTS (SELECT 1 FROM fund_capital_movement m WHERE ${inPeriodOrBefore})`)
    .executeTakeFirst();
  return row ?? null;
}
