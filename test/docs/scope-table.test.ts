// The scope table of docs/identity.md#scopes says exactly what src/graphql/operation-scopes.ts
// enforces: every root field once, under the scope it needs.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { operationScopes } from '../../src/graphql/operation-scopes.ts';

const doc = readFileSync(new URL('../../docs/identity.md', import.meta.url), 'utf8');

function documentedScopes(): Map<string, string> {
  const section = doc.slice(doc.indexOf('### Scopes'), doc.indexOf('### Acting user'));
  const fields = new Map<string, string>();
  for (const row of section.matchAll(/^\| (\(none\)|`[a-z-]+`) \| (.+) \|$/gm)) {
    const scope = row[1] === '(none)' ? 'none' : row[1]!.replaceAll('`', '');
    for (const field of row[2]!.matchAll(/`(\w+)`/g)) {
      assert.not.ok(fields.has(field[1]!), `${field[1]} is listed twice`);
      fields.set(field[1]!, scope);
    }
  }
  return fields;
}

test('every root field is documented under the scope it needs, and nothing else is', () => {
  const enforced = new Map<string, string>();
  for (const fields of Object.values(operationScopes))
    for (const [field, scope] of Object.entries(fields)) enforced.set(field, scope ?? 'none');
  assert.equal(Object.fromEntries(documentedScopes()), Object.fromEntries(enforced));
});

test.run();
