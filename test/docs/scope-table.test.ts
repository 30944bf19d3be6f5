// The scope table of docs/identity.md#scopes says exactly what src/graphql/operation-scopes.ts
// enforces: every root field once, under the scope it needs. A difference names the line of the
// page to edit and what to write (doc-table-drift.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { operationScopes } from '../../src/graphql/operation-scopes.ts';
import { type DocumentedTable, tableDrift, tableRows } from './doc-table-drift.ts';

const page = 'docs/identity.md';
const rowPattern = /^\| (\(none\)|`[a-z-]+`) \| (.+) \|$/;

function documentedScopes(): DocumentedTable {
  const rows = tableRows(page, '### Scopes', '### Acting user', rowPattern);
  const entries = new Map<string, { value: string; line: number }>();
  for (const { text, line } of rows) {
    const [, scope, fields] = rowPattern.exec(text)!;
    for (const field of fields!.matchAll(/`(\w+)`/g)) {
      assert.not.ok(entries.has(field[1]!), `${page}:${line}: ${field[1]} is listed twice`);
      entries.set(field[1]!, { value: scope === '(none)' ? 'none' : scope!.replaceAll('`', ''), line });
    }
  }
  return { page, entries, lastLine: rows.at(-1)!.line };
}

test('every root field is documented under the scope it needs, and nothing else is', () => {
  const enforced = new Map<string, string>();
  for (const fields of Object.values(operationScopes))
    for (const [field, scope] of Object.entries(fields)) enforced.set(field, scope ?? 'none');
  const row = (scope: string) => `| ${scope === 'none' ? '(none)' : `\`${scope}\``} | \`<field>\` |`;
  assert.equal(tableDrift(documentedScopes(), enforced, row), []);
});

test.run();
