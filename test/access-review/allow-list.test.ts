// The lint allow-list (docs/access-review.md#lint): entries need a known rule, a reason and every
// subject field spelled out (lists expand to every combination, no wildcards); a finding no entry
// covers fails the run, and so does an entry value that matches no finding. The committed
// access-lint-allow.yaml covers exactly what the real permissions.yaml triggers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import type { PermissionModel } from '../../src/access/permission-model.ts';
import { parseAllowList } from '../../src/access-review/lint/allow-list.ts';
import type { LintFinding } from '../../src/access-review/lint/lint-finding.ts';
import { judgeFindings, lintPassed } from '../../src/access-review/lint/lint-outcome.ts';
import { lintPermissions } from '../../src/access-review/lint/lint-permissions.ts';
import { ReviewError } from '../../src/access-review/review-error.ts';

const repo = path.resolve(import.meta.dirname, '../..');

const coinFor = (role: string): LintFinding => ({
  rule: 'all-rows-all-columns',
  subject: { role, table: 'coin', action: 'select' },
  message: `role '${role}' selects every row and every column of 'coin'`,
});
const flag: LintFinding = {
  rule: 'unreadable-column',
  subject: { table: 'app_user', column: 'is_platform_admin' },
  message: "no role may select 'app_user.is_platform_admin' (only the admin secret reads it)",
};

test('an entry with lists covers every combination; uncovered findings and unmatched combinations are reported', () => {
  const entries = parseAllowList(
    `allow:
  - rule: all-rows-all-columns
    role: [user, trader, auditor]
    table: coin
    action: select
    reason: public reference data
`,
    'allow.yaml',
  );
  const outcome = judgeFindings([coinFor('user'), coinFor('trader'), flag], entries);
  assert.equal(outcome, {
    allowed: [
      { ...coinFor('user'), reason: 'public reference data' },
      { ...coinFor('trader'), reason: 'public reference data' },
    ],
    notAllowed: [flag],
    stale: [{ entry: 1, key: 'all-rows-all-columns role=auditor table=coin action=select' }],
  });
  assert.is(lintPassed(outcome), false);
});

test('an entry must name every subject field of the finding: no field is a wildcard', () => {
  const entries = parseAllowList(
    `allow:
  - { rule: all-rows-all-columns, role: user, table: coin, reason: missing the action }
`,
    'allow.yaml',
  );
  const outcome = judgeFindings([coinFor('user')], entries);
  assert.equal(outcome.notAllowed, [coinFor('user')]);
  assert.equal(outcome.stale, [{ entry: 1, key: 'all-rows-all-columns role=user table=coin' }]);
});

test('malformed allow-lists are refused naming the entry at its place and the problem', () => {
  const cases: [string, string][] = [
    [
      'allow: [{ rule: all-rows-all-columns, table: coin }]',
      'allow.yaml:1:9: allow entry 1: needs a reason (why the finding is intended)',
    ],
    [
      'allow: [{ rule: no-such-rule, table: coin, reason: r }]',
      'allow.yaml:1:9: allow entry 1: unknown rule "no-such-rule"',
    ],
    [
      'allow: [{ rule: unreadable-table, tabel: coin, reason: r }]',
      "allow.yaml:1:9: allow entry 1: unknown field 'tabel' (fields: rule, reason, role, table, action, part, column, variable, document, documentRule, operation)",
    ],
    [
      'allow: [{ rule: unreadable-table, reason: r }]',
      'allow.yaml:1:9: allow entry 1: names no subject (role, table, …)',
    ],
    [
      'allow: [{ rule: unreadable-table, table: [], reason: r }]',
      "allow.yaml:1:9: allow entry 1: 'table' must be a name or a non-empty list of names",
    ],
    [
      'allow: [{ rule: unreadable-table, table: coin, reason: "  " }]',
      'allow.yaml:1:9: allow entry 1: needs a reason (why the finding is intended)',
    ],
    ['allow: [ok, 1]', 'allow.yaml:1:9: allow entry 1: must be a mapping'],
    ['allowed: []', "allow.yaml:1:1: unknown top-level key 'allowed' (expected 'allow')"],
    ['allow: {}', "allow.yaml:1:1: expected a mapping with an 'allow' list"],
  ];
  for (const [text, message] of cases) {
    assert.throws(
      () => parseAllowList(text, 'allow.yaml'),
      (error: unknown) => error instanceof ReviewError && error.message === message,
      text,
    );
  }
  assert.throws(
    () => parseAllowList('allow: [', 'allow.yaml'),
    (error: unknown) => error instanceof ReviewError && /^allow\.yaml:\d+:\d+: not YAML: /.test(error.message),
  );
  assert.equal(parseAllowList('', 'allow.yaml'), []);
});

test('the committed allow-list covers exactly what the real permissions.yaml triggers, each with a reason', () => {
  const entries = parseAllowList(
    readFileSync(path.join(repo, 'access-lint-allow.yaml'), 'utf8'),
    'access-lint-allow.yaml',
  );
  const findings = lintPermissions(permissionModel as PermissionModel);
  const outcome = judgeFindings(findings, entries);
  assert.equal(outcome.notAllowed, []);
  assert.equal(outcome.stale, []);
  assert.is(outcome.allowed.length, findings.length);
  assert.ok(findings.length > 0, 'the real file triggers intended findings');
});

test.run();
