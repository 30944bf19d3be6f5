// What authentication and token issuing need to know about a user, in one statement: the
// home organization, every membership, the roles held and the funds the user may see; and
// whether a user belongs where a caller's organization binding reaches, asked of SQL so no
// service compares organization ids (docs/identity.md#organization-scope).
import { type RawBuilder, sql, type SqlBool } from 'kysely';
import type { Db } from '../db/create-database.ts';

/**
 * A caller's organization binding as src/access/organization-scope.ts carries it (null: every
 * organization). Storage stands below src/access (docs/architecture.md#layers), so it takes the
 * scope by its shape.
 */
export interface OrganizationBinding {
  readonly organizationId: string | null;
}

/**
 * How a user stands for an SDK init token (docs/identity.md#sdk-init-tokens): the organization
 * asked for lies outside the key's binding; no organization is concerned and there is no such user;
 * the user (or no user) does not belong to the organization concerned; or the user may have it.
 */
export type TokenStanding = 'other-organization' | 'unknown-user' | 'not-member' | 'member';

export interface UserProfile {
  readonly id: string;
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly isPlatformAdmin: boolean;
  /** The home organization (app_user.organization_id), else the first membership. */
  readonly organizationId: string | null;
  /** Every organization the user belongs to, home first. */
  readonly organizationIds: readonly string[];
  /** Roles held in the home organization (organization_membership.role). */
  readonly roles: readonly string[];
  /**
   * Funds the user may see as an investor or through their organizations: funds with one of
   * their subscriptions or redemptions, and funds of organizations they belong to.
   */
  readonly fundIds: readonly number[];
}

/** A user as the development identity provider lists them. */
interface ListedUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** The roles held in one organization, and the platform flag. */
interface Standing {
  roles: string[];
  isPlatformAdmin: boolean;
}

/**
 * `u` belongs to `organizationId` (its home organization or a membership). Ids are compared as
 * text, as given: an organization id the API was sent in another letter case names no organization here.
 */
function memberOf(organizationId: RawBuilder<string | null>): RawBuilder<SqlBool> {
  return sql<SqlBool>`(u.organization_id::text = ${organizationId} OR EXISTS (SELECT 1 FROM organization_membership m
    WHERE m.user_id = u.id AND m.organization_id::text = ${organizationId}))`;
}

const text = (value: string | null) => sql<string | null>`${value}::text`;

export function createUserDirectory(db: Db) {
  return {
    find: (userId: string): Promise<UserProfile | null> => findProfile(db, userId),
    /**
     * The roles the user holds in one organization (organization_membership) and the platform
     * flag, for the business operations' role check (docs/identity.md#operation-roles).
     */
    standingIn: (userId: string, organizationId: string | null): Promise<Standing | null> =>
      standingIn(db, userId, organizationId),
    inScope: (userId: string, scope: OrganizationBinding): Promise<boolean> => userInScope(db, userId, scope),
    belongsTo: (userId: string, organizationId: string): Promise<boolean> => userBelongsTo(db, userId, organizationId),
    tokenStanding: (
      userId: string,
      scope: OrganizationBinding,
      organizationId: string | null,
    ): Promise<TokenStanding> => tokenStanding(db, userId, scope, organizationId),
    /** The users the development identity provider offers, in a stable order. */
    list: (limit?: number): Promise<ListedUser[]> => listUsers(db, limit),
    organizationExists: (organizationId: string): Promise<boolean> => organizationExists(db, organizationId),
  };
}

async function findProfile(db: Db, userId: string): Promise<UserProfile | null> {
  const row = await selectProfileRow(db, userId);
  if (!row) return null;
  const memberships = [...row.membership_organization_ids].sort();
  const home = row.organization_id ?? memberships[0] ?? null;
  const organizationIds = home ? [home, ...memberships.filter((id) => id !== home)] : memberships;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isPlatformAdmin: row.is_platform_admin,
    organizationId: home,
    organizationIds,
    roles: row.roles,
    fundIds: row.fund_ids.map(Number),
  };
}

function selectProfileRow(db: Db, userId: string) {
  return db
    .selectFrom('app_user as u')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.is_platform_admin',
      'u.organization_id',
      sql<string[]>`array(
        SELECT DISTINCT m.organization_id::text FROM organization_membership m WHERE m.user_id = u.id
      )`.as('membership_organization_ids'),
      sql<string[]>`array(
        SELECT m.role FROM organization_membership m
        WHERE m.user_id = u.id AND m.organization_id = coalesce(u.organization_id,
          (SELECT min(m2.organization_id::text)::uuid FROM organization_membership m2 WHERE m2.user_id = u.id))
        ORDER BY m.role
      )`.as('roles'),
      sql<number[]>`array(
        SELECT f.id FROM fund f WHERE f.id IN (
          SELECT s.fund_id FROM fund_subscription s WHERE s.user_id = u.id
          UNION SELECT r.fund_id FROM fund_redemption r WHERE r.user_id = u.id
        ) OR f.organization_id = u.organization_id
          OR f.organization_id IN (SELECT m.organization_id FROM organization_membership m WHERE m.user_id = u.id)
        ORDER BY f.id
      )`.as('fund_ids'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

async function standingIn(db: Db, userId: string, organizationId: string | null): Promise<Standing | null> {
  const row = await db
    .selectFrom('app_user as u')
    .select([
      'u.is_platform_admin',
      sql<string[]>`array(
        SELECT m.role FROM organization_membership m
        WHERE m.user_id = u.id AND m.organization_id = ${organizationId}::uuid ORDER BY m.role
      )`.as('roles'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ? { roles: row.roles, isPlatformAdmin: row.is_platform_admin } : null;
}

async function listUsers(db: Db, limit = 200): Promise<ListedUser[]> {
  const rows = await db
    .selectFrom('app_user')
    .select(['id', 'email', 'first_name', 'last_name'])
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name }));
}

async function organizationExists(db: Db, organizationId: string): Promise<boolean> {
  const row = await db.selectFrom('organization').select('id').where('id', '=', organizationId).executeTakeFirst();
  return row !== undefined;
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;

/** Whether the user exists and, for a binding to an organization, belongs to it (docs/identity.md#acting-user). */
async function userInScope(db: Db, userId: string, scope: OrganizationBinding): Promise<boolean> {
  const bound = text(scope.organizationId);
  const row = await db
    .selectFrom('app_user as u')
    .select('u.id')
    .where('u.id', '=', userId)
    .where(sql<SqlBool>`(${bound} IS NULL OR ${memberOf(bound)})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user belongs to the organization (home or membership); false for no such user. */
async function userBelongsTo(db: Db, userId: string, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('app_user as u')
    .select('u.id')
    .where('u.id', '=', userId)
    .where(memberOf(text(organizationId)))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * How the user stands for an SDK init token that a key bound as `scope` asks for
 * `organizationId` (null: the key's own organization, if any), in one statement.
 */
async function tokenStanding(
  db: Db,
  userId: string,
  scope: OrganizationBinding,
  organizationId: string | null,
): Promise<TokenStanding> {
  const [bound, asked] = [text(scope.organizationId), text(organizationId)];
  const concerned = sql<string | null>`coalesce(${asked}, ${bound})`;
  const { rows } = await sql<{ standing: TokenStanding }>`SELECT CASE
      WHEN ${bound} <> ${asked} THEN 'other-organization'
      WHEN EXISTS (SELECT 1 FROM app_user u WHERE u.id = ${userId} AND (${concerned} IS NULL OR ${memberOf(concerned)}))
        THEN 'member'
      WHEN ${concerned} IS NULL THEN 'unknown-user'
      ELSE 'not-member' END AS standing`.execute(db);
  return rows[0]!.standing;
}
