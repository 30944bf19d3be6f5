// Who may read which row behind a REST document or file route: the document_access rules of
// permissions.yaml (docs/permissions.md#the-access-layer-at-run-time). A caller passes a row when any rule
// admits it: a filter rule through CASL (its conditions, with the caller's session values, compiled
// to SQL), or an administrator rule that names the caller's credential. No rule = `false`.
import { documentCaslRules, permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import { conditionToSql, sqlFalse, sqlTrue, type SqlCondition } from './condition-to-sql.ts';
import type { SessionValues } from './interpolate-session-variables.ts';
import type { DocumentCaslRule, DocumentCredential, DocumentRuleModel } from './permission-model.ts';
import type { Principal } from './principal.ts';
import { abilityCondition, createRuleAbility } from './rule-ability.ts';

export type DocumentName = keyof typeof documentCaslRules;

/** The credential an administrator rule may name, or null for a caller that has none. */
function administratorCredential(principal: Principal): DocumentCredential | null {
  if (principal.kind === 'api-key') return principal.keyKind === 'admin' ? 'admin_api_key' : null;
  if (principal.kind === 'user') return principal.isAdministrator ? 'admin_user' : null;
  return null;
}

/** Session values of a signed-in user, as the data layer's token claims carry them. */
function sessionValues(principal: Principal): SessionValues | null {
  if (principal.kind !== 'user') return null;
  return {
    'x-data-user-id': principal.userId,
    ...(principal.organizationIds[0] ? { 'x-data-organization-id': principal.organizationIds[0] } : {}),
    'x-data-allowed-funds': principal.fundIds,
  };
}

/**
 * API keys that are not of kind `admin` are refused outright on every document route
 * (openapi.yaml DocumentKeyForbidden): they act for no user, so no ownership rule can
 * admit them, and answering 403 says so instead of a misleading 404.
 */
export function isRefusedDocumentKey(principal: Principal): boolean {
  return principal.kind === 'api-key' && principal.keyKind !== 'admin';
}

/** The rows of the document's table that `principal` may read, as a condition on `alias`. */
export function documentFilter(principal: Principal, document: DocumentName, alias: string): SqlCondition {
  const model = permissionModel.documentAccess[document];
  const credential = administratorCredential(principal);
  const rules: DocumentRuleModel[] = [...model.rules];
  if (credential && rules.some((rule) => rule.kind === 'administrator' && rule.credentials.includes(credential))) {
    return sqlTrue;
  }
  const session = sessionValues(principal);
  const filterRules: readonly DocumentCaslRule[] = documentCaslRules[document];
  if (!session || filterRules.length === 0) return sqlFalse;
  const condition = abilityCondition(createRuleAbility(filterRules, session), 'read', model.table);
  return condition ? conditionToSql(condition, model.table, alias) : sqlFalse;
}
