// `npm run access` as a process (docs/access-review.md#exit-codes): help exits 0; usage errors
// print what was wrong and the usage and exit 2; an unknown role, table, column or action exits 2
// with a message naming what exists; lint exits 0 on the real file with its allow-list and 1 on
// findings no entry covers; each command's output is the library's, unchanged.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import type { PermissionModel } from '../../src/access/permission-model.ts';
import { explainAccess } from '../../src/access-review/explain-access.ts';
import { accessRecords } from '../../src/access-review/export/access-records.ts';
import { recordsAsCsv, recordsAsJson } from '../../src/access-review/export/format-records.ts';
import { parseAllowList } from '../../src/access-review/lint/allow-list.ts';
import { lintPermissions } from '../../src/access-review/lint/lint-permissions.ts';
import { judgeFindings } from '../../src/access-review/lint/lint-outcome.ts';
import { renderLintOutcome } from '../../src/access-review/lint/render-lint-outcome.ts';
import { renderExplanation } from '../../src/access-review/render-explanation.ts';
import { AccessUsageError, accessUsage, parseAccessCommand } from '../../src/cli/parse-access-command.ts';
import type { RawExplainQuestion } from '../../src/access-review/explain-question.ts';
import { ReviewError } from '../../src/access-review/review-error.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const model: PermissionModel = permissionModel;
const scratch = mkdtempSync(path.join(tmpdir(), 'access-cli-'));

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

async function access(...args: string[]): Promise<Result> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(repo, 'src/cli/access-cli.ts'), ...args], {
      env,
      cwd: repo,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as Result;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test('no command, help, --help and -h print the usage and exit 0', async () => {
  for (const args of [[], ['help'], ['-h'], ['explain', '--help']]) {
    assert.equal(await access(...args), { code: 0, stdout: accessUsage, stderr: '' }, args.join(' '));
  }
});

test('usage errors name what was wrong', () => {
  const cases: [string[], string][] = [
    [['bogus'], "unknown command 'bogus'"],
    [['diff'], 'diff needs a git ref (e.g. HEAD~1)'],
    [['diff', 'a', 'b', 'c'], "diff takes at most two git refs, got 'c' too"],
    [['diff', 'HEAD', '--verbose'], "diff: unknown option '--verbose' (options: --allow, --as-json)"],
    [['diff', 'HEAD:permissions.yaml'], "diff: 'HEAD:permissions.yaml' is not a git ref"],
    [['explain', '--role', 'user'], 'explain needs --role and --table'],
    [
      ['explain', '--role', 'user', '--table', 'coin', '--bogus'],
      "explain: unknown option '--bogus' (options: --role, --table, --column, --action, --operation, --as-json)",
    ],
    [['explain', '--role', '--table', 'coin'], "explain: option '--role' needs a value"],
    [['explain', '--role', 'user', '--role', 'trader', '--table', 'coin'], "explain: option '--role' given twice"],
    [['explain', 'user', 'coin'], "explain: unexpected argument 'user'"],
    [['explain', '--role', 'user', '--table', 'coin', '--as-json=yes'], "explain: option '--as-json' takes no value"],
    [['export'], 'export needs --format csv|json'],
    [['export', '--format', 'xml'], "export needs --format csv|json, got 'xml'"],
    [['lint', '--allow'], "lint: option '--allow' needs a value"],
  ];
  for (const [args, message] of cases) {
    assert.throws(
      () => parseAccessCommand(args),
      (error: unknown) => error instanceof AccessUsageError && error.message === message,
      args.join(' '),
    );
  }
  assert.equal(parseAccessCommand(['explain', '--role=user', '--table', 'coin', '--as-json']), {
    name: 'explain',
    role: 'user',
    table: 'coin',
    column: undefined,
    action: undefined,
    json: true,
  });
});

test('a usage error prints the message and the usage to stderr and exits 2', async () => {
  for (const [args, message] of [
    [['bogus'], "unknown command 'bogus'"],
    [['export', '--format', 'xml'], "export needs --format csv|json, got 'xml'"],
  ] as const) {
    assert.equal(
      await access(...args),
      { code: 2, stdout: '', stderr: `error: ${message}\n\n${accessUsage}` },
      args.join(' '),
    );
  }
});

const roles =
  'admin, accounting, auditor, beneficial_owner, card_holder, client_user_admin, compliance, digital_wallets_admin, director, family_office, front_office, fund_manager, fund_signatory, investor, kyc_sdk_user, organization_admin, organization_member, shareholder, trader, user, workflow_sdk_user';

test('explain refuses an unknown role, table, column or action, naming what exists', () => {
  const cases: [RawExplainQuestion, string][] = [
    [{ role: 'nobody', table: 'coin' }, `unknown role 'nobody' (roles: ${roles})`],
    [
      { role: 'user', table: 'api_key' },
      `unknown table 'api_key': the data layer serves only the tables of permissions.yaml (${Object.keys(model.tables).join(', ')})`,
    ],
    [
      { role: 'user', table: 'coin', column: 'price' },
      "unknown column 'price' of table 'coin' (columns: symbol, name, network, decimals, network_fee_coin)",
    ],
    [
      { role: 'user', table: 'coin', action: 'drop' },
      "unknown action 'drop' (actions: select, insert, update, delete)",
    ],
  ];
  for (const [question, message] of cases) {
    assert.throws(
      () => explainAccess(question),
      (error: unknown) => error instanceof ReviewError && error.message === message,
      JSON.stringify(question),
    );
  }
});

test('an unknown name exits 2 with the message alone on stderr', async () => {
  assert.equal(await access('explain', '--role', 'nobody', '--table', 'coin'), {
    code: 2,
    stdout: '',
    stderr: `error: unknown role 'nobody' (roles: ${roles})\n`,
  });
  assert.equal(await access('explain', '--role', 'user', '--table', 'coin', '--action', 'drop'), {
    code: 2,
    stdout: '',
    stderr: "error: unknown action 'drop' (actions: select, insert, update, delete)\n",
  });
});

test('explain prints the explanation as text, or as JSON with --as-json', async () => {
  const question = { role: 'investor', table: 'fund_subscription', action: 'insert', column: 'user_id' } as const;
  const args = ['--role', 'investor', '--table', 'fund_subscription', '--action', 'insert', '--column', 'user_id'];
  assert.equal(await access('explain', ...args), {
    code: 0,
    stdout: renderExplanation(explainAccess(question)),
    stderr: '',
  });
  const json = await access('explain', ...args, '--as-json');
  assert.equal(JSON.parse(json.stdout), JSON.parse(JSON.stringify(explainAccess(question))));
  assert.equal([json.code, json.stderr], [0, '']);
  // A secret column is known: the answer is no, not an error.
  const secret = await access(
    'explain',
    '--role',
    'admin',
    '--table',
    'kyc_profile',
    '--column',
    'questionnaire_ciphertext',
  );
  assert.equal(secret, {
    code: 0,
    stdout: renderExplanation(
      explainAccess({ role: 'admin', table: 'kyc_profile', column: 'questionnaire_ciphertext' }),
    ),
    stderr: '',
  });
  assert.match(
    secret.stdout,
    /^admin may not select kyc_profile\.questionnaire_ciphertext: questionnaire_ciphertext is a secret column/,
  );
});

test('explain: a read_only table is written by nobody, admin included; admin still reads it', () => {
  for (const role of ['admin', 'auditor'] as const) {
    for (const action of ['insert', 'update', 'delete'] as const) {
      const answer = explainAccess({ role, table: 'ledger_transfer', action });
      assert.equal([answer.allowed, answer.actionAllowed], [false, false], `${role} ${action}`);
      assert.is(
        answer.summary,
        `${role} may not ${action} ledger_transfer: the table is read_only: nobody writes it, admin included.`,
      );
      assert.ok(
        answer.notes.includes(
          'ledger_transfer is read_only in permissions.yaml: nobody inserts, updates or deletes it through the data layer, admin included (docs/permissions.md#read-only-tables).',
        ),
      );
    }
  }
  const read = explainAccess({ role: 'admin', table: 'ledger_transfer' });
  assert.equal([read.allowed, read.aggregates], [true, true]);
  const writable = explainAccess({ role: 'admin', table: 'coin', action: 'insert' });
  assert.equal([writable.allowed, writable.notes.some((note) => note.includes('read_only in'))], [true, false]);
});

test('lint passes on the real rules with the committed allow-list and fails (exit 1) on an uncovered finding', async () => {
  const allowText = readFileSync(path.join(repo, 'access-lint-allow.yaml'), 'utf8');
  const findings = lintPermissions(model);
  const expected = renderLintOutcome(judgeFindings(findings, parseAllowList(allowText, 'x')), false);
  assert.equal(await access('lint'), { code: 0, stdout: expected, stderr: '' });
  assert.is(
    expected,
    `ok: ${findings.length} finding(s), ${findings.length} allowed, 0 not allowed, 0 stale allow entries\n`,
  );

  // Without the last entry (compliance's update of compliance_case), its finding fails the run.
  const trimmed = path.join(scratch, 'trimmed.yaml');
  writeFileSync(trimmed, allowText.slice(0, allowText.lastIndexOf('  - rule: unchecked-write')));
  assert.equal(await access('lint', '--allow', trimmed), {
    code: 1,
    stdout:
      "unchecked-write role=compliance table=compliance_case action=update: role 'compliance' updates 'compliance_case' without a check on the updated row\n" +
      `failed: ${findings.length} finding(s), ${findings.length - 1} allowed, 1 not allowed, 0 stale allow entries\n`,
    stderr: '',
  });

  // An entry that matches nothing is stale and fails the run too.
  const stale = path.join(scratch, 'stale.yaml');
  writeFileSync(stale, `${allowText}  - { rule: unreadable-table, table: coin, reason: no longer true }\n`);
  const staleRun = await access('lint', '--allow', stale);
  assert.equal(staleRun.code, 1);
  const entry = parseAllowList(allowText, 'x').length + 1;
  assert.is(
    staleRun.stdout.split('\n')[0],
    `stale allow entry ${entry}: unreadable-table table=coin matches no finding (remove it from the allow-list)`,
  );
});

test('lint exits 2 on an unreadable or malformed allow-list', async () => {
  const missing = path.join(scratch, 'missing.yaml');
  const result = await access('lint', '--allow', missing);
  assert.equal([result.code, result.stdout], [2, '']);
  assert.match(result.stderr, /^error: cannot read the allow-list .*missing\.yaml: ENOENT/);
  const malformed = path.join(scratch, 'malformed.yaml');
  writeFileSync(malformed, 'allow:\n  - { rule: unreadable-table, table: coin }\n');
  assert.equal(await access('lint', '--allow', malformed), {
    code: 2,
    stdout: '',
    stderr: `error: ${path.relative(repo, malformed)}:2:5: allow entry 1: needs a reason (why the finding is intended)\n`,
  });
});

test('export prints every record as CSV or JSON', async () => {
  const records = accessRecords(model);
  assert.equal(await access('export', '--format', 'csv'), { code: 0, stdout: recordsAsCsv(records), stderr: '' });
  assert.equal(await access('export', '--format=json'), { code: 0, stdout: recordsAsJson(records), stderr: '' });
});

test.run();
