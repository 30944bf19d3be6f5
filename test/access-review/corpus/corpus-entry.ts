// One entry of the `access diff` corpus (docs/access-review.md#the-corpus): an edit of one rule of
// permissions.yaml (its new YAML value, or its removal) and the verdict the diff must give that
// rule. Applied to the real file and compiled by codegen's compiler, as `access diff` does.
import { parseDocument } from 'yaml';
import { databaseSchema } from '../../../generated/database/database-schema.ts';
import type { PermissionModel } from '../../../src/access/permission-model.ts';
import type { Verdict } from '../../../src/access-review/diff/compare-filters.ts';
import { compilePermissionsFile } from '../../../scripts/codegen/permissions/generate-permissions.ts';

export interface CorpusEntry {
  readonly id: string;
  /** mutation: a change with a known verdict; refactor: a rewrite that must be equivalent. */
  readonly kind: 'mutation' | 'refactor';
  /** The operator that made it (widen-or, drop-conjunct, de-morgan, …). */
  readonly operator: string;
  readonly role: string;
  readonly table: string;
  readonly action: 'select' | 'insert' | 'update' | 'delete';
  /** The rule's new value as permissions.yaml spells it; null removes the rule. */
  readonly rule: unknown;
  readonly expected: Verdict;
}

export function applyEntry(yamlText: string, entry: CorpusEntry): string {
  const document = parseDocument(yamlText);
  const path = ['tables', entry.table, entry.action, entry.role];
  if (entry.rule === null) document.deleteIn(path);
  else document.setIn(path, document.createNode(entry.rule));
  return document.toString();
}

export function compileYaml(yamlText: string, fileName: string): PermissionModel {
  return compilePermissionsFile({ yamlText, fileName, database: databaseSchema }).model as PermissionModel;
}
