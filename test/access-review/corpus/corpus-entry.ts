// One entry of the `access diff` corpus (docs/access-review.md#the-corpus): an edit of one rule of
// permissions.yaml (its new YAML value, or its removal) and the verdict the diff must give that
// rule. Applied to the real file and compiled by codegen's compiler, as `access diff` does.
import { parseDocument } from 'yaml';
import { databaseSchema } from '../../../generated/database/database-schema.ts';
import type { CompiledPermissionRules } from '../../../src/records/data-layer-sql/data-layer-rules.ts';
import type { PermissionModel } from '../../../src/access/permission-model.ts';
import type { Verdict } from '../../../src/access-review/diff/compare-filters.ts';
import { compilePermissions } from '../../../scripts/codegen/permissions/compile-permissions.ts';
import { compilePermissionsFile } from '../../../scripts/codegen/permissions/generate-permissions.ts';
import type { PermissionsSource } from '../../../scripts/codegen/permissions/permissions-source.ts';
import { validatePermissionsStructure } from '../../../scripts/codegen/permissions/validate-permissions-structure.ts';

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
  /**
   * Where the edit changes a write rule's text in a direction no request reaches
   * (in-effect-entries.ts): the verdict of the text, which the operator guarantees, and why.
   */
  readonly textVerdict?: Verdict;
  readonly inEffect?: string;
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

/**
 * The entry applied to permissions.yaml's plain data (parsed once: `parseDocument(text).toJS()`)
 * and compiled by the same compiler without the YAML round trip of applyEntry and compileYaml,
 * which costs about three times as much; the corpus tests compile every entry.
 */
export function compileEntry(baseValue: unknown, entry: CorpusEntry): CompiledPermissionRules {
  const value = structuredClone(baseValue) as { tables: Record<string, Record<string, Record<string, unknown>>> };
  const rules = value.tables[entry.table]?.[entry.action];
  if (entry.rule === null) delete rules?.[entry.role];
  else ((value.tables[entry.table] ??= {})[entry.action] ??= {})[entry.role] = structuredClone(entry.rule);
  const issues = validatePermissionsStructure(value);
  const result = issues.length === 0 ? compilePermissions(value as unknown as PermissionsSource, databaseSchema) : null;
  if (!result?.ok)
    throw new Error(`${entry.id} does not compile: ${JSON.stringify(result ? result.issues : issues).slice(0, 500)}`);
  return result.compiled;
}
