// permissions.yaml (structurally valid) + the database → the normalized model and the CASL
// rules. Every problem is collected; the result exists only when there were none.
import { boolExpToCasl, CaslUnsupportedError } from './bool-exp-to-casl.ts';
import { compileBusinessOperations } from './compile-business-operations.ts';
import { caslRuleFor } from './compile-casl-rules.ts';
import { isSecretColumn, report, type CompileContext, type RuleScope } from './compile-context.ts';
import { compileRoleDeclarations, compileSecretColumns, compileSessionVariables } from './compile-declarations.ts';
import { compileDocumentAccess } from './compile-document-access.ts';
import { checkReadOnlyTables } from './compile-read-only-tables.ts';
import { compileRelationships } from './compile-relationships.ts';
import { compileDeleteRule, compileInsertRule, compileSelectRule, compileUpdateRule } from './compile-table-rules.ts';
import { indexDatabase } from './database-index.ts';
import type { DbSchema } from './database-schema.ts';
import {
  ruleActions,
  type CaslRawRule,
  type DocumentCaslRule,
  type PermissionModel,
  type RelationshipModel,
  type RuleAction,
  type TableModel,
  type TablePermissions,
} from './permission-model.ts';
import type { PermissionsSource } from './permissions-source.ts';
import { sessionVariableHeader, sessionVariableKey } from './session-variable-names.ts';
import { compareNames, sortedEntries } from './sort-names.ts';
import type { ValidationIssue, YamlPath } from './validation-issue.ts';

export interface CompiledPermissions {
  readonly model: PermissionModel;
  /** role → CASL raw rules, by table then action (select, insert, update, delete). */
  readonly caslRules: { readonly [role: string]: readonly CaslRawRule[] };
  /** document → CASL `read` rules of its filter rules (administrator rules stay in the model). */
  readonly documentCaslRules: { readonly [document: string]: readonly DocumentCaslRule[] };
}

export type CompileResult =
  | { readonly ok: true; readonly compiled: CompiledPermissions }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

type MutablePermissions = { -readonly [K in keyof TablePermissions]: TablePermissions[K] };

const emptyPermissions = (): MutablePermissions => ({ select: null, insert: null, update: null, delete: null });

// `raw` has the shape of `action`'s rule: permissions.schema.json has checked it.
function compileRule(
  context: CompileContext,
  scope: RuleScope,
  action: RuleAction,
  table: string,
  raw: unknown,
  path: YamlPath,
) {
  switch (action) {
    case 'select':
      return compileSelectRule(context, scope, table, raw as never, path);
    case 'insert':
      return compileInsertRule(context, scope, table, raw as never, path);
    case 'update':
      return compileUpdateRule(context, scope, table, raw as never, path);
    case 'delete':
      return compileDeleteRule(context, scope, table, raw as never, path);
  }
}

function tableModel(context: CompileContext, source: PermissionsSource, table: string): TableModel {
  const dbTable = context.database.table(table);
  const relationships = [...(context.relationships.get(table) ?? new Map<string, RelationshipModel | null>())].sort(
    ([a], [b]) => compareNames(a, b),
  );
  return {
    description: source.tables[table]?.description ?? '',
    ...(source.tables[table]?.read_only === true ? { readOnly: true as const } : {}),
    primaryKey: dbTable?.primaryKey ?? [],
    // A constraint over a secret column is left out too: an upsert on it would tell whether a
    // secret value exists.
    uniqueConstraints: (dbTable?.uniqueConstraints ?? [])
      .filter(({ columns }) => columns.every((column) => !isSecretColumn(context, table, column)))
      .map(({ name, columns }) => ({ name, columns })),
    // Secret columns are left out so no consumer of the model, not even the data layer's
    // admin access, can reach them.
    columns: (dbTable?.columns ?? [])
      .filter((column) => !isSecretColumn(context, table, column.name))
      .map(({ name, dataType, isNullable, default: value }) => ({
        name,
        dataType,
        isNullable,
        ...(value ? { default: value } : {}),
      })),
    relationships: Object.fromEntries(relationships.map(([name, model]) => [name, model as RelationshipModel])),
  };
}

function checkRoleUsage(
  context: CompileContext,
  source: PermissionsSource,
  declared: ReadonlyMap<string, Set<string>>,
  used: ReadonlyMap<string, Set<string>>,
  permissions: ReadonlyMap<string, Map<string, MutablePermissions>>,
  unjudgedRoles: ReadonlySet<string>,
): void {
  for (const [role, raw] of Object.entries(source.roles)) {
    if (unjudgedRoles.has(role)) continue;
    if ((permissions.get(role)?.size ?? 0) === 0)
      report(context, ['roles', role], 'key', `role '${role}' has no rule on any table`);
    raw.session_variables.forEach((reference, index) => {
      const name = sessionVariableKey(reference);
      // An undeclared one was reported at this entry already (compile-declarations.ts).
      const knownVariable = context.sessionVariables.has(name);
      if (knownVariable && declared.get(role)?.has(name) && !used.get(role)?.has(name)) {
        report(
          context,
          ['roles', role, 'session_variables', index],
          'value',
          `role '${role}' declares session variable '${reference}' but none of its rules uses it`,
        );
      }
    });
  }
}

/** `rootFields`: the root fields of schema.graphql business_operations may name; null: not checked. */
export function compilePermissions(
  source: PermissionsSource,
  database: DbSchema,
  rootFields: ReadonlySet<string> | null = null,
): CompileResult {
  const issues: ValidationIssue[] = [];
  const databaseIndex = indexDatabase(database);
  const base = { database: databaseIndex, issues };
  const sessionVariables = compileSessionVariables(source);
  const declared = compileRoleDeclarations(base, source, sessionVariables);
  const secretColumns = compileSecretColumns(base, source);
  checkReadOnlyTables(base, source);
  // Roles with rules on an unknown table (or with broken rules, below) cannot be judged
  // for unused variables or missing rules; the errors already reported are enough.
  const unjudgedRoles = new Set<string>();
  for (const [table, rawTable] of Object.entries(source.tables)) {
    if (databaseIndex.table(table)) continue;
    report(base, ['tables', table], 'key', `unknown table '${table}'`);
    for (const action of ruleActions) for (const role of Object.keys(rawTable[action] ?? {})) unjudgedRoles.add(role);
  }
  const relationships = compileRelationships(base, source);
  const context: CompileContext = { ...base, sessionVariables, secretColumns, relationships };

  const used = new Map([...declared.keys()].map((role) => [role, new Set<string>()]));
  const permissions = new Map([...declared.keys()].map((role) => [role, new Map<string, MutablePermissions>()]));
  const rulePaths: { role: string; table: string; action: RuleAction; path: YamlPath }[] = [];
  for (const [table, rawTable] of Object.entries(source.tables)) {
    if (!databaseIndex.table(table)) continue;
    for (const action of ruleActions) {
      for (const [role, raw] of Object.entries(rawTable[action] ?? {})) {
        const path = ['tables', table, action, role];
        const roleUsed = used.get(role);
        if (!roleUsed) {
          report(
            context,
            path,
            'key',
            `unknown role '${role}' (${action} rules of table '${table}'; roles are declared under roles)`,
          );
          continue;
        }
        const scope: RuleScope = {
          label: `${action} rule for role '${role}'`,
          role,
          declared: declared.get(role) ?? null,
          used: roleUsed,
        };
        const tables = permissions.get(role) as Map<string, MutablePermissions>;
        const tablePermissions = tables.get(table) ?? emptyPermissions();
        tables.set(table, tablePermissions);
        const issuesBefore = issues.length;
        (tablePermissions as Record<RuleAction, unknown>)[action] = compileRule(
          context,
          scope,
          action,
          table,
          raw,
          path,
        );
        // A broken rule may hide its variable uses; its own errors come first.
        if (issues.length > issuesBefore) unjudgedRoles.add(role);
        rulePaths.push({ role, table, action, path });
      }
    }
  }
  const documentAccess = compileDocumentAccess(context, source);
  const businessOperations = compileBusinessOperations(context, source, rootFields);
  checkRoleUsage(context, source, declared, used, permissions, unjudgedRoles);
  if (issues.length > 0) return { ok: false, issues };

  const caslRules = new Map<string, CaslRawRule[]>();
  for (const { role, table, action, path } of [...rulePaths].sort(
    (a, b) => compareNames(a.table, b.table) || ruleActions.indexOf(a.action) - ruleActions.indexOf(b.action),
  )) {
    try {
      const rule = caslRuleFor(action, table, permissions.get(role)?.get(table) ?? emptyPermissions());
      if (rule) caslRules.set(role, [...(caslRules.get(role) ?? []), rule]);
    } catch (error) {
      if (!(error instanceof CaslUnsupportedError)) throw error;
      report(
        context,
        path,
        'key',
        `${action} rule for role '${role}' on table '${table}' cannot be expressed as CASL conditions: ${error.message}`,
      );
    }
  }
  const documentCaslRules = new Map<string, DocumentCaslRule[]>();
  for (const [name, document] of [...documentAccess].sort(([a], [b]) => compareNames(a, b))) {
    const rules: DocumentCaslRule[] = [];
    document.rules.forEach((rule, index) => {
      if (rule.kind !== 'filter') return;
      try {
        const conditions = boolExpToCasl(rule.filter);
        rules.push({
          action: 'read',
          subject: document.table,
          reason: rule.name,
          ...(Object.keys(conditions).length > 0 ? { conditions } : {}),
        });
      } catch (error) {
        if (!(error instanceof CaslUnsupportedError)) throw error;
        report(
          context,
          ['document_access', name, 'rules', index, 'filter'],
          'key',
          `document access '${name}', rule '${rule.name}' cannot be expressed as CASL conditions: ${error.message}`,
        );
      }
    });
    documentCaslRules.set(name, rules);
  }
  if (issues.length > 0) return { ok: false, issues };

  const roles = Object.keys(source.roles).sort(compareNames);
  const model: PermissionModel = {
    version: 1,
    sessionVariables: Object.fromEntries(
      sortedEntries(source.session_variables).map(([name, variable]) => [
        name,
        { type: variable.type, header: sessionVariableHeader(name), description: variable.description },
      ]),
    ),
    roles: Object.fromEntries(
      roles.map((role) => [
        role,
        {
          description: source.roles[role]?.description ?? '',
          sessionVariables: [...(declared.get(role) ?? [])].sort(compareNames),
        },
      ]),
    ),
    tables: Object.fromEntries(
      Object.keys(source.tables)
        .sort(compareNames)
        .map((table) => [table, tableModel(context, source, table)]),
    ),
    secretColumns: Object.fromEntries(
      [...secretColumns]
        .sort(([a], [b]) => compareNames(a, b))
        .map(([table, columns]) => [
          table,
          (databaseIndex.table(table)?.columns ?? []).map((column) => column.name).filter((name) => columns.has(name)),
        ]),
    ),
    permissions: Object.fromEntries(
      roles.map((role) => [
        role,
        Object.fromEntries([...(permissions.get(role) ?? [])].sort(([a], [b]) => compareNames(a, b))),
      ]),
    ),
    documentAccess: Object.fromEntries([...documentAccess].sort(([a], [b]) => compareNames(a, b))),
    businessOperations,
  };
  return {
    ok: true,
    compiled: {
      model,
      caslRules: Object.fromEntries(roles.map((role) => [role, caslRules.get(role) ?? []])),
      documentCaslRules: Object.fromEntries(documentCaslRules),
    },
  };
}
