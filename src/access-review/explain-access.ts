// `access explain`: what one role may do on one table (and column), answered from the compiled
// rules the service runs (generated/permissions/compiled-permissions.ts): the rows in plain
// words and as the SQL the data layer's own compiler makes of them (rule-sql-text.ts), the
// columns, presets, checks, aggregates, limit, the session variables, and the relationships
// that also lead there (docs/access-review.md#explain). Whether an action is offered is read
// from the role's schema input (src/data-layer/schema/role-tables.ts), as the data layer does.
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import { ruleSql, type RulePart } from '../records/data-layer-sql/rule-sql-text.ts';
import type { BoolExp, PermissionModel, RuleValue, TablePermissions } from '../access/permission-model.ts';
import { roleTables, type RoleTable } from '../data-layer/schema/role-tables.ts';
import { explainColumn } from './explain-column.ts';
import { explainInsertCapabilities } from './explain-insert-capabilities.ts';
import { checkExplainQuestion, type ExplainQuestion, type RawExplainQuestion } from './explain-question.ts';
import type { ExplainedCondition, Explanation, Preset, SessionVariableNeed } from './explanation.ts';
import { reachableThrough } from './reachable-through.ts';
import { updateOperatorColumns } from './update-operator-columns.ts';
import { boolExpWords, valueWords } from './rule-words.ts';
import { adminRole, isEveryRow, tableAccess } from './table-access.ts';

const model: PermissionModel = permissionModel;

function condition(exp: BoolExp, role: string, part: RulePart, table: string): ExplainedCondition | null {
  const sql = ruleSql(role, part, table);
  return sql ? { expression: exp, words: boolExpWords(model, exp), sql } : null;
}

function needs(names: Iterable<string>): SessionVariableNeed[] {
  return [...new Set(names)].sort().map((name) => {
    const declared = model.sessionVariables[name];
    if (!declared) throw new Error(`session variable '${name}' is not declared in the compiled model`);
    return { name, header: declared.header, type: declared.type };
  });
}

function presetsOf(set: { readonly [column: string]: RuleValue }): Preset[] {
  return Object.entries(set).map(([column, value]) => ({ column, value: valueWords(model, value) }));
}

function presetVariables(set: { readonly [column: string]: RuleValue }): string[] {
  return Object.values(set).flatMap((value) => (value.type === 'session' ? [value.name] : []));
}

function containsRelationship(exp: BoolExp | null | undefined): boolean {
  if (!exp) return false;
  switch (exp.type) {
    case 'relationship':
      return true;
    case 'and':
    case 'or':
      return exp.operands.some(containsRelationship);
    case 'not':
      return containsRelationship(exp.operand);
    case 'compare':
    case 'exists':
      return false;
  }
}

/** Whether the data layer offers the action: a select rule is needed for every action (docs/data-layer.md#mutations). */
function offered(question: ExplainQuestion, roleTable: RoleTable | undefined): boolean {
  switch (question.action) {
    case 'select':
      return roleTable !== undefined;
    case 'insert':
      return (roleTable?.insertColumns?.length ?? 0) > 0;
    case 'update':
      return (roleTable?.updateColumns?.length ?? 0) > 0;
    case 'delete':
      return roleTable?.deletable ?? false;
  }
}

type Parts = Pick<
  Explanation,
  | 'rows'
  | 'check'
  | 'columns'
  | 'presets'
  | 'aggregates'
  | 'limit'
  | 'sessionVariables'
  | 'returningSessionVariables'
  | 'updateOperators'
  | 'insertCapabilities'
>;

const nothing: Parts = {
  rows: null,
  check: null,
  columns: [],
  presets: [],
  aggregates: null,
  limit: null,
  sessionVariables: [],
  returningSessionVariables: null,
  updateOperators: [],
  insertCapabilities: null,
};

function returningNeeds(question: ExplainQuestion): SessionVariableNeed[] {
  return needs(ruleSql(question.role, 'select-rows', question.table)?.sessionVariables ?? []);
}

/** The rule's parts for the action, when the data layer offers it. */
function parts(question: ExplainQuestion, rules: TablePermissions, roleTable: RoleTable): Parts {
  const { role, table } = question;
  switch (question.action) {
    case 'select': {
      const select = rules.select;
      if (!select) return nothing;
      const rows = condition(select.filter, role, 'select-rows', table);
      return {
        ...nothing,
        rows,
        columns: roleTable.columns.map((column) => column.name),
        aggregates: select.allowAggregations,
        limit: select.limit,
        sessionVariables: needs(rows?.sql.sessionVariables ?? []),
      };
    }
    case 'insert': {
      const insert = rules.insert;
      if (!insert) return nothing;
      const check = condition(insert.check, role, 'insert-check', table);
      return {
        ...nothing,
        check,
        columns: (roleTable.insertColumns ?? []).map((column) => column.name),
        presets: presetsOf(insert.set),
        sessionVariables: needs([...(check?.sql.sessionVariables ?? []), ...presetVariables(insert.set)]),
        returningSessionVariables: returningNeeds(question),
        insertCapabilities: explainInsertCapabilities(model, role, table),
      };
    }
    case 'update': {
      const update = rules.update;
      if (!update) return nothing;
      const rows = condition(update.filter, role, 'update-rows', table);
      const check = update.check ? condition(update.check, role, 'update-check', table) : null;
      return {
        ...nothing,
        rows,
        check,
        columns: (roleTable.updateColumns ?? []).map((column) => column.name),
        presets: presetsOf(update.set),
        sessionVariables: needs([
          ...(rows?.sql.sessionVariables ?? []),
          ...(check?.sql.sessionVariables ?? []),
          ...presetVariables(update.set),
        ]),
        returningSessionVariables: returningNeeds(question),
        updateOperators: updateOperatorColumns(roleTable.updateColumns ?? []),
      };
    }
    case 'delete': {
      const remove = rules.delete;
      if (!remove) return nothing;
      const rows = condition(remove.filter, role, 'delete-rows', table);
      return {
        ...nothing,
        rows,
        sessionVariables: needs(rows?.sql.sessionVariables ?? []),
        returningSessionVariables: returningNeeds(question),
      };
    }
  }
}

/** The conditions of the action's rule: its row filter and its check. */
function actionConditions(rules: TablePermissions, question: ExplainQuestion): (BoolExp | null | undefined)[] {
  switch (question.action) {
    case 'select':
      return [rules.select?.filter];
    case 'insert':
      return [rules.insert?.check];
    case 'update':
      return [rules.update?.filter, rules.update?.check];
    case 'delete':
      return [rules.delete?.filter];
  }
}

/** Whether the question asks to write a table marked `read_only` (docs/permissions.md#read-only-tables). */
function writesReadOnlyTable(question: ExplainQuestion): boolean {
  return question.action !== 'select' && model.tables[question.table]?.readOnly === true;
}

const readOnlyNote = (table: string) =>
  `${table} is read_only in permissions.yaml: nobody inserts, updates or deletes it through the data layer, admin included (docs/permissions.md#read-only-tables).`;

function notesOf(question: ExplainQuestion, rules: TablePermissions | null, allowed: boolean): string[] {
  const notes: string[] = writesReadOnlyTable(question) ? [readOnlyNote(question.table)] : [];
  if (question.role === adminRole) {
    notes.push(
      "admin is the data layer's X-Data-Admin-Secret alone (or with X-Data-Role: admin), not a permissions.yaml role: every tracked table and column, and writes on every table not marked read_only, no row filter, check, preset or limit; secret columns stay hidden from it too.",
    );
    return notes;
  }
  const rule = rules?.[question.action];
  if (rule && !allowed) {
    notes.push(
      rules?.select
        ? `the ${question.action} rule leaves no column a client may give, so the data layer offers no ${question.action} field.`
        : `the role has a ${question.action} rule here but no select rule, so the data layer offers no ${question.action} field (docs/data-layer.md#mutations).`,
    );
  }
  if (allowed && rules && actionConditions(rules, question).some(containsRelationship)) {
    notes.push(
      'a relationship inside a rule reaches every related row, whatever the role may read there (Hasura semantics; docs/data-layer.md#how-it-is-tested).',
    );
  }
  return notes;
}

function summaryOf(
  question: ExplainQuestion,
  allowed: boolean,
  found: Parts,
  column: Explanation['column'],
  rules: TablePermissions | null,
): string {
  const subject = `${question.role} ${allowed ? 'may' : 'may not'} ${question.action}`;
  const target = question.column ? `${question.table}.${question.column}` : question.table;
  if (column) return `${subject} ${target}: ${column.words}.`;
  if (!allowed && writesReadOnlyTable(question))
    return `${subject} ${target}: the table is read_only: nobody writes it, admin included.`;
  if (!allowed)
    return rules?.[question.action]
      ? `${subject} ${target}: the data layer offers no ${question.action} field for it.`
      : `${subject} ${target}: the role has no ${question.action} rule on ${question.table}.`;
  const rows = found.rows ? (isEveryRow(found.rows.expression) ? ' every row' : ` rows where ${found.rows.words}`) : '';
  const columns = question.action === 'delete' ? '' : `; columns: ${found.columns.join(', ') || 'none'}`;
  return `${subject} ${target}:${rows}${columns}.`;
}

/** Answers the question; throws ReviewError for an unknown role, table, column or action. */
export function explainAccess(raw: RawExplainQuestion): Explanation {
  const question = checkExplainQuestion(model, raw);
  const roleTable = roleTables(model, question.role).get(question.table);
  const rules = tableAccess(model, question.role, question.table);
  const actionOffered = offered(question, roleTable);
  const found = actionOffered && rules && roleTable ? parts(question, rules, roleTable) : nothing;
  const column =
    question.column === null ? null : explainColumn(model, { ...question, column: question.column }, roleTable, rules);
  const allowed = actionOffered && (column?.allowed ?? true);
  return {
    role: question.role,
    table: question.table,
    action: question.action,
    allowed,
    actionAllowed: actionOffered,
    summary: summaryOf(question, allowed, found, column, rules),
    ...found,
    reachableThrough: reachableThrough(model, question.role, question.table),
    column,
    notes: notesOf(question, rules, actionOffered),
  };
}
