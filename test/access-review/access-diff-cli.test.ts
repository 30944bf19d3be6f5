// `npm run access -- diff` (docs/access-review.md#diff): as a process on real git refs, and
// through runAccessCommand with given versions for the exit codes: 1 on a widening the allow-list
// does not name, 0 when it does (with its reason), stale entries reported without failing, a
// malformed allow-list refused, and --as-json the outcome as data.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import type { PermissionModel } from '../../src/access/permission-model.ts';
import { ReviewError } from '../../src/access-review/review-error.ts';
import { runAccessCommand } from '../../src/cli/access-commands.ts';
import { parseAccessCommand } from '../../src/cli/parse-access-command.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const base: PermissionModel = permissionModel;

async function access(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(repo, 'src/cli/access-cli.ts'), ...args], {
      cwd: repo,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

/** card_holder reads wallets they own; the widened version also every active wallet, and created_at. */
const widened: PermissionModel = structuredClone(base) as PermissionModel;
const wallet = (widened.permissions.card_holder as Record<string, { select: unknown }>).digital_wallet as {
  select: { filter: unknown; columns: string[] };
};
wallet.select.filter = {
  type: 'or',
  operands: [
    base.permissions.card_holder?.digital_wallet?.select?.filter,
    { type: 'compare', column: 'status', operator: '_eq', value: { type: 'literal', value: 'active' } },
  ],
};
wallet.select.columns = [...wallet.select.columns, 'created_at'];

/** The invoice document also readable by the invoice's organization, and quotes by the admin users only. */
const documentsChanged: PermissionModel = structuredClone(base) as PermissionModel;
const documentAccess = documentsChanged.documentAccess as unknown as Record<string, { rules: unknown[] }>;
(documentAccess.invoice as { rules: unknown[] }).rules.push({
  name: 'organization',
  kind: 'filter',
  filter: {
    type: 'compare',
    column: 'organization_id',
    operator: '_eq',
    value: { type: 'session', name: 'x-data-organization-id' },
  },
});
(documentAccess.quote as { rules: unknown[] }).rules = [
  ...(base.documentAccess.quote?.rules.filter((rule) => rule.kind === 'filter') ?? []),
  { name: 'administrator', kind: 'administrator', credentials: ['admin_user'] },
];

function diff(
  allowText: string | null,
  json = false,
  after: PermissionModel = widened,
  before: PermissionModel = base,
) {
  let out = '';
  const command = parseAccessCommand(['diff', 'HEAD', ...(json ? ['--as-json'] : [])]);
  if (command.name !== 'diff') throw new Error('not a diff command');
  const code = runAccessCommand(command, {
    out: (text) => (out += text),
    readAllowList: () => (allowText === null ? null : { name: 'allow.yaml', text: allowText }),
    permissionsVersions: () => [before, after],
  });
  return { code, out };
}

test('diff of a version with itself (git refs, as a process) finds nothing and exits 0', async () => {
  // An allow-list of its own: the repository's holds the entries of the commit that widens, which a
  // diff of one version with itself reports as stale (docs/access-review.md#the-diff-allow-list).
  const allow = path.join(await mkdtemp(path.join(tmpdir(), 'access-diff-')), 'allow.yaml');
  await writeFile(allow, 'allow: []\n');
  const result = await access('diff', 'HEAD', 'HEAD', '--allow', allow);
  assert.is(result.code, 0, result.stderr);
  assert.match(
    result.stdout,
    /rules compared, 0 differ: 0 may widen access, 0 do not; 8 documents compared, 0 differ: 0 may widen access, 0 do not \(0 widenings not allowed\)\.\n$/,
  );
});

test('an unknown git ref exits 2 and says so', async () => {
  const result = await access('diff', 'no-such-ref-anywhere');
  assert.is(result.code, 2);
  assert.match(result.stderr, /cannot read permissions.yaml at 'no-such-ref-anywhere'/);
});

test('a widening not in the allow-list fails with exit 1 and prints the witness', () => {
  const { code, out } = diff(null);
  assert.is(code, 1);
  assert.equal(out.split('\n').slice(3, 11), [
    'FAIL  card_holder digital_wallet select: more permissive',
    '  not in access-diff-allow.yaml',
    '  columns gained: created_at',
    '  rows: more permissive',
    '    admitted now, not before:',
    "      session: x-data-user-id = 'value-2'",
    "      row:     owner_user_id = 'value-1', status = 'active'",
    '',
  ]);
});

test('an allow-list entry with a reason lets the widening pass; entries that match nothing are stale', () => {
  const allow = `allow:
  - { role: card_holder, table: digital_wallet, action: select, reason: Active wallets are shown on the card. }
  - { role: [card_holder, trader], table: coin, action: [select, delete], reason: Old. }
`;
  const { code, out } = diff(allow);
  assert.is(code, 0);
  assert.ok(
    out.includes(
      'allowed  card_holder digital_wallet select: more permissive\n  allowed: Active wallets are shown on the card.\n',
    ),
  );
  assert.equal(
    out.split('\n').filter((line) => line.startsWith('stale:')),
    [
      'stale: allow.yaml entry 2 (card_holder coin select) matches no widening; remove it',
      'stale: allow.yaml entry 2 (card_holder coin delete) matches no widening; remove it',
      'stale: allow.yaml entry 2 (trader coin select) matches no widening; remove it',
      'stale: allow.yaml entry 2 (trader coin delete) matches no widening; remove it',
    ],
  );
});

test('a malformed allow-list is refused with its entry named at its place', () => {
  for (const [text, message] of [
    [
      'allow:\n  - { role: user, table: coin, action: select }\n',
      'allow.yaml:2:5: allow entry 1: needs a reason (why the widening is intended)',
    ],
    [
      'allow:\n  - { role: user, table: coin, action: read, reason: x }\n',
      "allow.yaml:2:5: allow entry 1: unknown action 'read' (actions: select, insert, update, delete)",
    ],
    [
      'allow:\n  - { role: user, table: coin, action: select, column: id, reason: x }\n',
      "allow.yaml:2:5: allow entry 1: unknown field 'column' (fields: role, table, action, document, operation, reason)",
    ],
    [
      'allow:\n  - { table: coin, action: select, reason: x }\n',
      "allow.yaml:2:5: allow entry 1: needs 'role' (or 'document' for document_access)",
    ],
    [
      'allow:\n  - { document: invoice, role: user, reason: x }\n',
      "allow.yaml:2:5: allow entry 1: names a document and a 'role': name one or the other",
    ],
    [
      'allow:\n  - { document: [], reason: x }\n',
      "allow.yaml:2:5: allow entry 1: 'document' must be a name or a non-empty list of names",
    ],
  ] as const) {
    assert.throws(
      () => diff(text),
      (error: unknown) => error instanceof ReviewError && error.message === message,
      text,
    );
  }
});

test('a document whose rules widen fails unless an entry names the document; narrowings pass', () => {
  const failed = diff(null, false, documentsChanged);
  assert.is(failed.code, 1);
  assert.equal(failed.out.split('\n').slice(1), [
    '290 role x table x action rules compared, 0 differ: 0 may widen access, 0 do not; 8 documents compared, 2 differ: 1 may widen access, 1 do not (1 widening not allowed).',
    '',
    'FAIL  document invoice: more permissive',
    '  not in access-diff-allow.yaml',
    '  rows (any filter rule): more permissive',
    '    admitted now, not before:',
    "      session: x-data-user-id = 'value-2', x-data-organization-id = '00000000-0000-4000-8000-000000000001'",
    "      row:     recipient_user_id = 'value-1', organization_id = '00000000-0000-4000-8000-000000000001'",
    '',
    'ok  document quote: less permissive',
    '  administrators lost: admin_api_key',
    '',
  ]);
  const allowed = diff(
    `allow:
  - { document: invoice, reason: Accounting contacts of the organization read its invoices. }
  - { document: [receipt, quote], reason: Old. }
`,
    false,
    documentsChanged,
  );
  assert.is(allowed.code, 0);
  assert.ok(
    allowed.out.includes(
      'allowed  document invoice: more permissive\n  allowed: Accounting contacts of the organization read its invoices.\n',
    ),
  );
  assert.equal(
    allowed.out.split('\n').filter((line) => line.startsWith('stale:')),
    [
      'stale: allow.yaml entry 2 (document receipt) matches no widening; remove it',
      'stale: allow.yaml entry 2 (document quote) matches no widening; remove it',
    ],
  );
  const json = JSON.parse(diff(null, true, documentsChanged).out);
  assert.equal(
    json.documents.map((document: { document: string; verdict: string; administrators: unknown }) => [
      document.document,
      document.verdict,
      document.administrators,
    ]),
    [
      ['invoice', 'more-permissive', null],
      ['quote', 'less-permissive', { gained: [], lost: ['admin_api_key'] }],
    ],
  );
});

test("read_only decides admin's writes: un-marking a table widens them (exit 1 unless allowed), marking it narrows them", () => {
  const writable: PermissionModel = structuredClone(base) as PermissionModel;
  const auditLog = { ...base.tables.audit_log } as Record<string, unknown>;
  delete auditLog.readOnly;
  (writable.tables as Record<string, unknown>).audit_log = auditLog;
  const widening = diff(null, true, writable);
  assert.is(widening.code, 1);
  const rulesOf = (out: string) =>
    JSON.parse(out).rules.map((rule: { role: string; table: string; action: string; verdict: string }) => [
      rule.role,
      rule.table,
      rule.action,
      rule.verdict,
    ]);
  assert.equal(rulesOf(widening.out), [
    ['admin', 'audit_log', 'insert', 'more-permissive'],
    ['admin', 'audit_log', 'update', 'more-permissive'],
    ['admin', 'audit_log', 'delete', 'more-permissive'],
  ]);
  const allowed = diff(
    'allow:\n  - { role: admin, table: audit_log, action: [insert, update, delete], reason: Operators repair the log. }\n',
    false,
    writable,
  );
  assert.is(allowed.code, 0);
  const marked: PermissionModel = structuredClone(base) as PermissionModel;
  (marked.tables as Record<string, unknown>).coin = { ...base.tables.coin, readOnly: true };
  const narrowing = diff(null, true, marked);
  assert.is(narrowing.code, 0);
  assert.equal(rulesOf(narrowing.out), [
    ['admin', 'coin', 'insert', 'less-permissive'],
    ['admin', 'coin', 'update', 'less-permissive'],
    ['admin', 'coin', 'delete', 'less-permissive'],
  ]);
});

test('a table newly listed gives admin every action on it (exit 1 unless allowed); a table no longer listed takes them away', () => {
  const rulesOf = (out: string) =>
    JSON.parse(out).rules.map((rule: { role: string; table: string; action: string; change: string }) =>
      [rule.role, rule.table, rule.action, rule.change].join(' '),
    );
  const unlisted: PermissionModel = structuredClone(base) as PermissionModel;
  delete (unlisted.tables as Record<string, unknown>).coin;
  for (const rules of Object.values(unlisted.permissions)) delete (rules as Record<string, unknown>).coin;
  const listing = diff(null, true, base, unlisted);
  assert.is(listing.code, 1);
  const adminRules = rulesOf(listing.out).filter((rule: string) => rule.startsWith('admin coin'));
  assert.equal(adminRules, [
    'admin coin select gained',
    'admin coin insert gained',
    'admin coin update gained',
    'admin coin delete gained',
  ]);
  const removal = diff(null, true, unlisted);
  assert.is(removal.code, 0);
  assert.equal(
    rulesOf(removal.out).filter((rule: string) => rule.startsWith('admin coin')),
    ['admin coin select lost', 'admin coin insert lost', 'admin coin update lost', 'admin coin delete lost'],
  );
});

test('--as-json prints the outcome as data', () => {
  const { code, out } = diff(null, true);
  assert.is(code, 1);
  const outcome = JSON.parse(out);
  assert.is(outcome.unallowed, 1);
  assert.equal(
    outcome.rules.map((rule: { role: string; table: string; action: string; verdict: string; columns: unknown }) => [
      rule.role,
      rule.table,
      rule.action,
      rule.verdict,
      rule.columns,
    ]),
    [['card_holder', 'digital_wallet', 'select', 'more-permissive', { gained: ['created_at'], lost: [] }]],
  );
  assert.equal(outcome.rules[0].rows.widening, {
    session: { 'x-data-user-id': 'value-2' },
    row: { owner_user_id: 'value-1', status: 'active' },
    related: [],
  });
});

test.run();
