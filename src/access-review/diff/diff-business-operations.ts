// `access diff` of permissions.yaml business_operations (docs/access-review.md#business-operations):
// for each operation and role, what a person holding only that role may call, before and after:
// nothing, their own records only (`own_records`), or every record of the organization. A role
// reaching further than before widens access, and its witness says who gains what. A version without
// the section (before business_operations existed, when no role was checked at all) says nothing
// about operations: the section's arrival is reported as such, not as a widening of every role.
import type { BusinessOperationModel, PermissionModel } from '../../access/permission-model.ts';

/** What a person holding only the role may do with the operation. */
export type OperationGrant = 'none' | 'own-records' | 'every-record';

export interface OperationDiff {
  readonly operation: string;
  readonly role: string;
  readonly before: OperationGrant;
  readonly after: OperationGrant;
  readonly widens: boolean;
  /** For a widening: who may now do what they could not (a person holding only the role). */
  readonly witness: string | null;
}

const reach: Readonly<Record<OperationGrant, number>> = { none: 0, 'own-records': 1, 'every-record': 2 };

function grantOf(rule: BusinessOperationModel | undefined, role: string): OperationGrant {
  if (rule?.roles.includes(role)) return 'every-record';
  return rule?.ownRecordRoles.includes(role) ? 'own-records' : 'none';
}

const grantWords: Readonly<Record<OperationGrant, string>> = {
  none: 'not at all',
  'own-records': 'on their own records only',
  'every-record': 'on every record of the organization it acts in',
};

function witnessOf(diff: Omit<OperationDiff, 'widens' | 'witness'>): string {
  return `a person holding only role ${diff.role} may now call ${diff.operation} ${grantWords[diff.after]} (before: ${grantWords[diff.before]})`;
}

function rolesOf(rule: BusinessOperationModel | undefined): string[] {
  return rule ? [...rule.roles, ...rule.ownRecordRoles] : [];
}

/**
 * Every operation × role whose grant differs, in operation then role order; how many operations
 * were compared; and whether `after` introduces the section (nothing compared then).
 */
export function diffBusinessOperations(
  before: PermissionModel,
  after: PermissionModel,
): { operations: OperationDiff[]; compared: number; sectionAdded: boolean } {
  const [hadSection, hasSection] = [before, after].map((model) => Object.keys(model.businessOperations).length > 0);
  if (!hadSection && hasSection) return { operations: [], compared: 0, sectionAdded: true };
  const names = [
    ...new Set([...Object.keys(before.businessOperations), ...Object.keys(after.businessOperations)]),
  ].sort();
  const operations = names.flatMap((operation) => {
    const [old, now] = [before.businessOperations[operation], after.businessOperations[operation]];
    const roles = [...new Set([...rolesOf(old), ...rolesOf(now)])].sort();
    return roles.flatMap((role): OperationDiff[] => {
      const change = { operation, role, before: grantOf(old, role), after: grantOf(now, role) };
      if (change.before === change.after) return [];
      const widens = reach[change.after] > reach[change.before];
      return [{ ...change, widens, witness: widens ? witnessOf(change) : null }];
    });
  });
  return { operations, compared: names.length, sectionAdded: false };
}
