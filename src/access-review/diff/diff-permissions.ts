// `access diff`: two versions of the compiled rules compared role × table × action
// (docs/access-review.md#diff). Each part of a rule is judged on its own (rows, check, columns,
// aggregates, limit, presets) and the rule's verdict combines them: equivalent when every part is,
// more (less) permissive when no part narrows (widens), incomparable when parts go both ways,
// unknown when a part is undecided and the others do not already make it incomparable. Insert and
// update checks and update filters are judged on what a request can write (write-requests.ts).
// `admin` is compared too: its rights follow from the tracked tables, their secret columns and
// `read_only` (table-access.ts), so un-marking a read-only table widens admin's writes.
import type {
  BoolExp,
  InsertPermission,
  PermissionModel,
  RuleAction,
  RuleValue,
  TablePermissions,
  UpdatePermission,
} from '../../access/permission-model.ts';
import { compareFilters, type FilterComparison, type Verdict, type WriteEffect } from './compare-filters.ts';
import { diffBusinessOperations, type OperationDiff } from './diff-business-operations.ts';
import { diffDocuments, type DocumentDiff } from './diff-documents.ts';
import { combineVerdicts, widens, type SetChange, type ValueChange } from './verdicts.ts';
import { insertCapabilityRequests, type PlacedRequest, type WitnessRequest } from './insert-capability-requests.ts';
import { insertSearch, updateSearch } from './write-requests.ts';
import { adminRole, tableAccess } from '../table-access.ts';

export { combineVerdicts, widens, type SetChange, type ValueChange } from './verdicts.ts';

export const diffActions: readonly RuleAction[] = ['select', 'insert', 'update', 'delete'];

export interface PresetChange {
  readonly column: string;
  /** The preset as permissions.yaml spells it (a constant as JSON, a session variable by name); null: none. */
  readonly before: string | null;
  readonly after: string | null;
}

export interface RuleDiff {
  readonly role: string;
  readonly table: string;
  readonly action: RuleAction;
  /** gained/lost: the role may (not) do the action at all now; changed: both versions have a rule. */
  readonly change: 'gained' | 'lost' | 'changed';
  readonly verdict: Verdict;
  /** Whether the change may grant something the old version did not (more permissive, incomparable, unknown). */
  readonly widens: boolean;
  readonly rows: FilterComparison | null;
  readonly check: FilterComparison | null;
  readonly columns: SetChange | null;
  readonly aggregations: ValueChange<boolean> | null;
  readonly limit: ValueChange<number | null> | null;
  readonly presets: readonly PresetChange[];
  /** Upserts and nested inserts this rule brings, each as the request the new version allows (insert-capability-requests.ts). */
  readonly requests: readonly WitnessRequest[];
}

export interface PermissionsDiff {
  /** Every rule whose compiled form differs (refactors included, as equivalent). */
  readonly rules: readonly RuleDiff[];
  /** Role × table × action cells with a rule in either version. */
  readonly compared: number;
  /** Every document_access entry whose rules differ (diff-documents.ts). */
  readonly documents: readonly DocumentDiff[];
  /** Documents with rules in either version. */
  readonly comparedDocuments: number;
  /** Every business operation × role whose grant differs (diff-business-operations.ts). */
  readonly operations: readonly OperationDiff[];
  /** business_operations entries in either version. */
  readonly comparedOperations: number;
  /** The later version introduces business_operations: nothing to compare them with. */
  readonly operationsSectionAdded: boolean;
  readonly roles: SetChange;
  readonly sessionVariables: SetChange;
}

const allRows: BoolExp = { type: 'and', operands: [] };
const noRows: BoolExp = { type: 'or', operands: [] };

function setChange(before: readonly string[], after: readonly string[]): SetChange {
  return {
    gained: after.filter((item) => !before.includes(item)).sort(),
    lost: before.filter((item) => !after.includes(item)).sort(),
  };
}

function setVerdict(change: SetChange): Verdict {
  return combineVerdicts([
    change.gained.length > 0 ? 'more-permissive' : 'equivalent',
    change.lost.length > 0 ? 'less-permissive' : 'equivalent',
  ]);
}

function limitVerdict(before: number | null, after: number | null): Verdict {
  if (before === after) return 'equivalent';
  if (after === null) return 'more-permissive';
  if (before === null) return 'less-permissive';
  return after > before ? 'more-permissive' : 'less-permissive';
}

function presetText(value: RuleValue | undefined): string | null {
  if (value === undefined) return null;
  return value.type === 'session' ? value.name : JSON.stringify(value.value);
}

function presetChanges(
  before: { readonly [column: string]: RuleValue },
  after: { readonly [column: string]: RuleValue },
): PresetChange[] {
  const columns = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return columns
    .map((column) => ({ column, before: presetText(before[column]), after: presetText(after[column]) }))
    .filter((change) => change.before !== change.after);
}

interface RuleParts {
  readonly rows: BoolExp | null;
  readonly check: BoolExp | null;
  readonly columns: readonly string[] | null;
  readonly aggregations: boolean | null;
  readonly limit: number | null | undefined;
  readonly presets: { readonly [column: string]: RuleValue };
}

function partsOf(permissions: TablePermissions | undefined, action: RuleAction): RuleParts | null {
  switch (action) {
    case 'select': {
      const rule = permissions?.select;
      return rule
        ? {
            rows: rule.filter,
            check: null,
            columns: rule.columns,
            aggregations: rule.allowAggregations,
            limit: rule.limit,
            presets: {},
          }
        : null;
    }
    case 'insert': {
      const rule = permissions?.insert;
      return rule
        ? {
            rows: null,
            check: rule.check,
            columns: rule.columns,
            aggregations: null,
            limit: undefined,
            presets: rule.set,
          }
        : null;
    }
    case 'update': {
      const rule = permissions?.update;
      return rule
        ? {
            rows: rule.filter,
            check: rule.check ?? allRows,
            columns: rule.columns,
            aggregations: null,
            limit: undefined,
            presets: rule.set,
          }
        : null;
    }
    case 'delete': {
      const rule = permissions?.delete;
      return rule
        ? { rows: rule.filter, check: null, columns: null, aggregations: null, limit: undefined, presets: {} }
        : null;
    }
  }
}

interface Versions {
  readonly before: PermissionModel;
  readonly after: PermissionModel;
}

/** The role's rules on the table in one version, admin's derived as the data layer derives them. */
function rulesIn(model: PermissionModel, role: string, table: string): TablePermissions | undefined {
  return tableAccess(model, role, table) ?? undefined;
}

/** The tables the role has rules on in one version: every tracked table for admin. */
function tablesIn(model: PermissionModel, role: string): string[] {
  return Object.keys(role === adminRole ? model.tables : (model.permissions[role] ?? {}));
}

/** Both versions of one part compared; a missing rule stands for "no row". */
function compareParts(
  versions: Versions,
  table: string,
  before: BoolExp | null,
  after: BoolExp | null,
  effect?: WriteEffect,
) {
  if (before === null && after === null) return null;
  return compareFilters(
    table,
    { model: versions.before, filter: before ?? noRows },
    { model: versions.after, filter: after ?? noRows },
    effect,
  );
}

/**
 * How a write rule's part is judged in effect (write-requests.ts): each direction searches the
 * rows the admitting version's requests can write, when that version has the rule.
 */
function writeEffect(
  versions: Versions,
  role: string,
  table: string,
  action: RuleAction,
  part: 'rows' | 'check',
): WriteEffect | undefined {
  if (action !== 'insert' && action !== 'update') return undefined;
  const ruleIn = (model: PermissionModel) => rulesIn(model, role, table)?.[action] ?? null;
  const direction = (admits: PermissionModel, refuses: PermissionModel) => {
    const rule = ruleIn(admits);
    if (!rule) return null;
    return () =>
      action === 'insert'
        ? insertSearch(
            table,
            { model: admits, rule: rule as InsertPermission },
            { model: refuses, rule: ruleIn(refuses) as InsertPermission | null },
          )
        : updateSearch(
            table,
            part,
            { model: admits, rule: rule as UpdatePermission },
            { model: refuses, rule: ruleIn(refuses) as UpdatePermission | null },
          );
  };
  return {
    widening: direction(versions.after, versions.before),
    narrowing: direction(versions.before, versions.after),
  };
}

function diffRule(versions: Versions, role: string, table: string, action: RuleAction): RuleDiff | null {
  const before = partsOf(rulesIn(versions.before, role, table), action);
  const after = partsOf(rulesIn(versions.after, role, table), action);
  if (JSON.stringify(before) === JSON.stringify(after)) return null;
  const change = before === null ? 'gained' : after === null ? 'lost' : 'changed';
  const rows = compareParts(
    versions,
    table,
    before?.rows ?? null,
    after?.rows ?? null,
    writeEffect(versions, role, table, action, 'rows'),
  );
  const check = compareParts(
    versions,
    table,
    before?.check ?? null,
    after?.check ?? null,
    writeEffect(versions, role, table, action, 'check'),
  );
  const columns = before?.columns || after?.columns ? setChange(before?.columns ?? [], after?.columns ?? []) : null;
  const aggregations =
    change === 'changed' && before?.aggregations !== after?.aggregations
      ? { before: before?.aggregations === true, after: after?.aggregations === true }
      : null;
  const limit =
    change === 'changed' && before?.limit !== after?.limit
      ? { before: before?.limit ?? null, after: after?.limit ?? null }
      : null;
  const presets = change === 'changed' ? presetChanges(before?.presets ?? {}, after?.presets ?? {}) : [];
  const verdicts: Verdict[] = [
    change === 'gained' ? 'more-permissive' : change === 'lost' ? 'less-permissive' : 'equivalent',
    rows?.verdict ?? 'equivalent',
    check?.verdict ?? 'equivalent',
    columns ? setVerdict(columns) : 'equivalent',
    aggregations ? (aggregations.after ? 'more-permissive' : 'less-permissive') : 'equivalent',
    limit ? limitVerdict(limit.before, limit.after) : 'equivalent',
    // A preset decides what a written row holds: changed, the rows one may write differ both ways.
    presets.length > 0 ? 'incomparable' : 'equivalent',
  ];
  // A gained or lost action is that, whatever its parts say (they compare with "no row").
  const verdict =
    change === 'gained' ? 'more-permissive' : change === 'lost' ? 'less-permissive' : combineVerdicts(verdicts);
  return {
    role,
    table,
    action,
    change,
    verdict,
    widens: widens(verdict),
    rows,
    check,
    columns,
    aggregations,
    limit,
    presets,
    requests: [],
  };
}

/** Each request on the first of its cells whose rule differs (docs/access-review.md#upserts-and-nested-inserts). */
function withRequests(rules: readonly RuleDiff[], placed: readonly PlacedRequest[]): RuleDiff[] {
  const found = new Map<RuleDiff, WitnessRequest[]>();
  for (const { role, cells, request } of placed) {
    const rule = cells
      .map(({ table, action }) =>
        rules.find((candidate) => candidate.role === role && candidate.table === table && candidate.action === action),
      )
      .find((candidate) => candidate !== undefined);
    if (rule) found.set(rule, [...(found.get(rule) ?? []), request]);
  }
  return rules.map((rule) => (found.has(rule) ? { ...rule, requests: found.get(rule) ?? [] } : rule));
}

/** Every rule that differs between `before` and `after`, in role, table, action order, and every document. */
export function diffPermissions(before: PermissionModel, after: PermissionModel): PermissionsDiff {
  const versions = { before, after };
  const roles = [...new Set([adminRole, ...Object.keys(before.permissions), ...Object.keys(after.permissions)])].sort();
  const rules: RuleDiff[] = [];
  let compared = 0;
  for (const role of roles) {
    const tables = [...new Set([...tablesIn(before, role), ...tablesIn(after, role)])].sort();
    for (const table of tables) {
      for (const action of diffActions) {
        if (!partsOf(rulesIn(before, role, table), action) && !partsOf(rulesIn(after, role, table), action)) continue;
        compared += 1;
        const rule = diffRule(versions, role, table, action);
        if (rule) rules.push(rule);
      }
    }
  }
  const documents = diffDocuments(before, after);
  const operations = diffBusinessOperations(before, after);
  return {
    operations: operations.operations,
    comparedOperations: operations.compared,
    operationsSectionAdded: operations.sectionAdded,
    rules: withRequests(rules, insertCapabilityRequests(before, after, roles)),
    compared,
    documents: documents.documents,
    comparedDocuments: documents.compared,
    roles: setChange(Object.keys(before.roles), Object.keys(after.roles)),
    sessionVariables: setChange(Object.keys(before.sessionVariables), Object.keys(after.sessionVariables)),
  };
}
