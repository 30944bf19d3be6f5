// Reads what the fund user agreement prints, in one statement: the fund and its
// administrator, only when the caller's document_access rules admit it (investors of the
// fund, administrators), and the calling user as the investor with their organization and
// live subscriptions into the fund. An API key acts for no person on the REST route: investor
// null. The business API names its investor and decides the fund's visibility itself
// (organization-document-table.ts).
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { documentFilter } from '../../access/document-access.ts';
import type { Principal } from '../../access/principal.ts';
import { type OrganizationRecord, type PersonRecord, type RowCondition, organizationJson } from './document-columns.ts';

export interface FundSubscriptionRecord {
  id: number;
  amount: string;
  status: string;
  requestedAt: string;
}

export interface FundAgreementRecord {
  id: number;
  name: string;
  currency: string;
  navPerUnit: string | null;
  status: string;
  administrator: OrganizationRecord;
  investor: PersonRecord | null;
  investorOrganization: OrganizationRecord | null;
  /** The investor's subscriptions the agreement covers: rejected and cancelled ones are not. */
  subscriptions: FundSubscriptionRecord[];
}

export function findFundAgreementRecord(
  db: Db,
  principal: Principal,
  fundId: number,
): Promise<FundAgreementRecord | null> {
  const investorId = principal.kind === 'user' ? principal.userId : null;
  return selectFundAgreementRecord(db, fundId, investorId, (alias) =>
    documentFilter(principal, 'fund_user_agreement', alias),
  );
}

/** The fund with `investorId` as its investor (null: none), if `visible` admits the fund. */
export async function selectFundAgreementRecord(
  db: Db,
  fundId: number,
  investorId: string | null,
  visible: RowCondition,
): Promise<FundAgreementRecord | null> {
  const row = await db
    .selectFrom('fund as d')
    .innerJoin('organization as o', 'o.id', 'd.organization_id')
    .select([
      'd.id',
      'd.name',
      'd.currency',
      'd.nav_per_unit as navPerUnit',
      'd.status',
      organizationJson('o').as('administrator'),
      sql<PersonRecord | null>`(SELECT json_build_object('userId', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
        FROM app_user u WHERE u.id = ${investorId})`.as('investor'),
      sql<OrganizationRecord | null>`(SELECT json_build_object('name', io.name, 'countryCode', io.country_code)
        FROM app_user u JOIN organization io ON io.id = u.organization_id WHERE u.id = ${investorId})`.as(
        'investorOrganization',
      ),
      sql<
        FundSubscriptionRecord[]
      >`coalesce((SELECT json_agg(json_build_object('id', s.id, 'amount', s.subscription_amount::text,
          'status', s.status, 'requestedAt', to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY s.created_at, s.id)
        FROM fund_subscription s
        WHERE s.fund_id = d.id AND s.user_id = ${investorId} AND s.status NOT IN ('rejected', 'cancelled')), '[]'::json)`.as(
        'subscriptions',
      ),
    ])
    .where('d.id', '=', fundId)
    .where(visible('d'))
    .executeTakeFirst();
  return row ?? null;
}
