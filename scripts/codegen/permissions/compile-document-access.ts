// Ownership rules of the REST document routes: a caller passes when any rule matches. Filters are
// evaluated for the signed-in user, so they may use any declared session variable; administrator
// rules name the credentials that count (docs/permissions.md#compilation).
import { compileBoolExp } from './compile-bool-exp.ts';
import { report, type CompileContext } from './compile-context.ts';
import type { DocumentAccessModel, DocumentRuleModel } from './permission-model.ts';
import type { DocumentCredential, PermissionsSource } from './permissions-source.ts';
import { misspeltAsUnknownTable } from './compile-relationships.ts';

const allCredentials: readonly DocumentCredential[] = ['admin_api_key', 'admin_user'];

export function compileDocumentAccess(
  context: CompileContext,
  source: PermissionsSource,
): Map<string, DocumentAccessModel> {
  const documents = new Map<string, DocumentAccessModel>();
  for (const [name, raw] of Object.entries(source.document_access ?? {})) {
    const path = ['document_access', name];
    if (!context.database.table(raw.table)) {
      report(context, [...path, 'table'], 'value', `unknown table '${raw.table}' (document access '${name}')`);
      continue;
    }
    if (!(raw.table in source.tables)) {
      if (misspeltAsUnknownTable(context, source, raw.table)) continue;
      report(
        context,
        [...path, 'table'],
        'value',
        `table '${raw.table}' is not tracked in permissions.yaml (document access '${name}')`,
      );
      continue;
    }
    const seen = new Set<string>();
    const rules = raw.rules.map((rule, index): DocumentRuleModel => {
      const rulePath = [...path, 'rules', index];
      if (seen.has(rule.name))
        report(
          context,
          [...rulePath, 'name'],
          'value',
          `rule name '${rule.name}' is used twice (document access '${name}')`,
        );
      seen.add(rule.name);
      if (rule.administrator) {
        const credentials = allCredentials.filter((credential) =>
          (rule.credentials ?? allCredentials).includes(credential),
        );
        return { name: rule.name, kind: 'administrator', credentials };
      }
      const scope = {
        label: `document access '${name}', rule '${rule.name}'`,
        role: null,
        declared: null,
        used: new Set<string>(),
      };
      return {
        name: rule.name,
        kind: 'filter',
        filter: compileBoolExp(context, scope, raw.table, rule.filter, [...rulePath, 'filter']),
      };
    });
    documents.set(name, { table: raw.table, description: raw.description, rules });
  }
  return documents;
}
