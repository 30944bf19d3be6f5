// docs/spec-diff.md#openapi-rules lists every kind of OpenAPI change with its level, exactly as
// the rules classify them (src/spec-review/openapi/openapi-change-kinds.ts), so the page cannot
// drift from the code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openApiKinds } from '../../src/spec-review/openapi/openapi-change-kinds.ts';

const page = readFileSync(path.resolve(import.meta.dirname, '../../docs/spec-diff.md'), 'utf8');

test('the classification table of docs/spec-diff.md is the rules table', () => {
  const rows = [...page.matchAll(/^\| `([a-z-]+)` \| (breaking|dangerous|safe) \| (.+) \|$/gm)].map((match) => [
    match[1],
    match[2],
    match[3],
  ]);
  assert.equal(
    rows,
    Object.entries(openApiKinds).map(([kind, rule]) => [kind, rule.level, rule.why]),
  );
});

test.run();
