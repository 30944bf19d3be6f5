// What authentication and token issuing need to know about a user, in one statement: the
// home organization, every membership, the roles held and the funds the user may see.
import { sql } from 'kysely';
import type { Db } from '../db/create-database.ts';

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

export function createUserDirectory(db: Db) {
  return {
    find: (userId: string): Promise<UserProfile | null> => findProfile(db, userId),
    /**
     * The roles the user holds in one organization (organization_membership) and the platform
     * flag, for the business operations' role check (docs/identity.md#operation-roles).
     */
    standingIn: (userId: string, organizationId: string | null): Promise<Standing | null> =>
      standingIn(db, userId, organizationId),
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
