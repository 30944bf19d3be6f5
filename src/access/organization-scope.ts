// What a business API caller may reach, as one value every business reader takes and applies in
// its own statement (docs/identity.md#organization-scope): an API key bound to an organization reaches only
// that organization's records; a key bound to none (an admin key) reaches every organization.
// The domain passes the scope on and never compares organization ids itself, so a reader cannot
// be called without one and a service cannot forget it.
import { type RawBuilder, sql, type SqlBool } from 'kysely';
import type { Principal } from './principal.ts';
import { sqlTrue, type SqlCondition } from './condition-to-sql.ts';

declare const scopeBrand: unique symbol;

export interface OrganizationScope {
  /** The organization the caller is confined to; null: every organization. */
  readonly organizationId: string | null;
  /** Only this module makes a scope, so a reader's scope always comes from a credential. */
  readonly [scopeBrand]: true;
}

/** The scope of an authenticated caller: an API key's binding; a user's or anonymous caller reaches none bound. */
export function scopeOfPrincipal(principal: Principal): OrganizationScope {
  return scopeOf(principal.kind === 'api-key' ? principal.organizationId : null);
}

/** The scope of a caller confined to `organizationId` (null: every organization). */
export function scopeOf(organizationId: string | null): OrganizationScope {
  return { organizationId } as OrganizationScope;
}

/**
 * Every organization: for the documented unscoped paths only (an admin key, background sync and
 * the operator commands of docs/identity.md#organization-scope), never for a request's own reads.
 */
export const everyOrganization: OrganizationScope = scopeOf(null);

/** The SQL condition admitting the rows whose `column` (a qualified `alias.organization_id`) the scope reaches. */
export function organizationInScope(scope: OrganizationScope, column: string): SqlCondition {
  return scope.organizationId === null ? sqlTrue : sql<SqlBool>`${sql.ref(column)} = ${scope.organizationId}`;
}

/** The scope's organization as a SQL value (NULL for every organization), for statements that test it themselves. */
export function scopeOrganizationValue(scope: OrganizationScope): RawBuilder<string | null> {
  return sql<string | null>`${scope.organizationId}::uuid`;
}
