// The column part of `access explain --column C`: may the role read (select) or give (insert,
// update) this column, is it set by the server, or is it secret (docs/access-review.md#explain).
import type { PermissionModel, RuleValue, TablePermissions } from '../access/permission-model.ts';
import type { RoleTable } from '../data-layer/schema/role-tables.ts';
import type { ColumnAnswer } from './explanation.ts';
import type { ExplainQuestion } from './explain-question.ts';
import { isSecretColumn } from './explain-question.ts';
import { valueWords } from './rule-words.ts';
import { operatorsOfColumn } from './update-operator-columns.ts';

function writeAnswer(
  model: PermissionModel,
  name: string,
  writable: readonly { readonly name: string; readonly dataType: string }[] | null,
  rule: { readonly set: { readonly [column: string]: RuleValue } } | null,
  verb: 'insert' | 'update',
): ColumnAnswer {
  if (!writable || writable.length === 0)
    return { name, allowed: false, access: 'no-access', words: `no ${verb} at all` };
  const given = writable.find((column) => column.name === name);
  // An update may write the column through every operator that takes it (update-operator-columns.ts).
  if (given)
    return {
      name,
      allowed: true,
      access: 'client-input',
      words: `a client may give ${name}${verb === 'update' ? ` (through ${operatorsOfColumn(given).join(', ')})` : ''}`,
    };
  const preset = rule?.set[name];
  if (preset)
    return {
      name,
      allowed: false,
      access: 'preset',
      words: `the server sets ${name} := ${valueWords(model, preset)}; a client cannot give it`,
    };
  return {
    name,
    allowed: false,
    access: 'not-writable',
    words: `${name} is not among the columns the rule lets a client give`,
  };
}

/** The answer for `question.column` (not null), given the role's schema table and rules. */
export function explainColumn(
  model: PermissionModel,
  question: ExplainQuestion & { readonly column: string },
  roleTable: RoleTable | undefined,
  rules: TablePermissions | null,
): ColumnAnswer {
  const name = question.column;
  if (isSecretColumn(model, question.table, name))
    return {
      name,
      allowed: false,
      access: 'secret',
      words: `${name} is a secret column (permissions.yaml secret_columns): no role reads, writes or filters on it, not even admin`,
    };
  switch (question.action) {
    case 'select':
      if (!roleTable) return { name, allowed: false, access: 'no-access', words: 'the role may not select the table' };
      return roleTable.columns.some((column) => column.name === name)
        ? { name, allowed: true, access: 'readable', words: `${name} is in the role's schema` }
        : { name, allowed: false, access: 'not-readable', words: `${name} is not among the columns the role may read` };
    case 'insert':
      return writeAnswer(model, name, roleTable?.insertColumns ?? null, rules?.insert ?? null, 'insert');
    case 'update':
      return writeAnswer(model, name, roleTable?.updateColumns ?? null, rules?.update ?? null, 'update');
    case 'delete':
      return roleTable?.deletable
        ? { name, allowed: true, access: 'whole-row', words: 'delete removes whole rows; columns do not apply' }
        : { name, allowed: false, access: 'no-access', words: 'the role may not delete from the table' };
  }
}
