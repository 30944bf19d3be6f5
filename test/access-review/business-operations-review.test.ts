// The access review of permissions.yaml business_operations (docs/access-review.md#business-operations):
// `explain --operation` as a process and as data, the lint rules operation-without-roles and
// unknown-operation-role on crafted models, `diff` finding a role added to an operation with its
// witness (and the allow-list excusing it), and the matrix's section.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import type { PermissionModel } from '../../src/access/permission-model.ts';
import { judgeDiff, parseDiffAllowList } from '../../src/access-review/diff/diff-allow-list.ts';
import { diffPermissions } from '../../src/access-review/diff/diff-permissions.ts';
import { renderDiff } from '../../src/access-review/diff/render-diff.ts';
import { explainOperation } from '../../src/access-review/explain-operation.ts';
import { lintPermissions } from '../../src/access-review/lint/lint-permissions.ts';
import { ReviewError } from '../../src/access-review/review-error.ts';
import { AccessUsageError, parseAccessCommand } from '../../src/cli/parse-access-command.ts';
import { personRecordingOperations } from '../../src/domain/identity/person-recording-operations.ts';
import { craftedModel } from './crafted-permissions.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const model: PermissionModel = permissionModel;

async function access(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(repo, 'src/cli/access-cli.ts'), ...args], {
      env,
      cwd: repo,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

/** The model with `change` applied to one operation's rule. */
function withOperation(
  operation: string,
  change: (rule: PermissionModel['businessOperations'][string]) => PermissionModel['businessOperations'][string],
): PermissionModel {
  const rule = model.businessOperations[operation]!;
  return { ...model, businessOperations: { ...model.businessOperations, [operation]: change(rule) } };
}

test('every operation that records a person has an entry, and lint passes on permissions.yaml', () => {
  assert.equal(
    personRecordingOperations.filter((operation) => !model.businessOperations[operation]),
    [],
  );
  assert.equal(
    lintPermissions(model).filter((finding) => finding.rule.includes('operation')),
    [],
  );
});

test('explain --operation, as a process: who may approve, and whether a trader may', async () => {
  const answer = await access('explain', '--operation', 'bitgoResolveApproval', '--role', 'trader');
  assert.equal([answer.code, answer.stderr], [0, '']);
  assert.is(
    answer.stdout,
    [
      'bitgoResolveApproval: a person holding only trader may not call bitgoResolveApproval',
      "  Approves or rejects a pending send or whitelist change (the second pair of eyes). Only with the approver's own API key (no X-Acting-User for someone else), never by the requester.",
      '  roles: digital_wallets_admin, organization_admin',
      '  own records only: (none)',
      '  platform administrators: no',
      '  note: The acting person is the API key’s owner, or the user X-Acting-User names; the roles are those held in the organization the operation acts in (organization_membership): the wallet’s, quote’s, fund request investor’s or KYC profile’s (docs/identity.md#operation-roles).',
      '  note: Refused with FORBIDDEN naming the operation and the roles it needs.',
      '  note: Four eyes need four eyes: the API key’s owner only; X-Acting-User naming anyone else is refused (docs/identity.md#four-eyes).',
      '',
    ].join('\n'),
  );
  const unknown = await access('explain', '--operation', 'bitgoApprove');
  assert.is(unknown.code, 2);
  assert.match(
    unknown.stderr,
    /^error: unknown business operation 'bitgoApprove' \(operations: addDigitalWalletWhitelistEntry, /,
  );
});

test('explain --operation, as data: every record, own records only, not at all; unknown role', () => {
  const own = explainOperation(model, { operation: 'cancelFundSubscription', role: 'investor' });
  assert.equal(
    [own.allowed, own.summary, own.roles, own.ownRecordRoles, own.platformAdministrators],
    [
      'own-records',
      'a person holding investor may call cancelFundSubscription on their own records only',
      ['organization_admin', 'platform_administrator'],
      ['investor'],
      true,
    ],
  );
  assert.is(explainOperation(model, { operation: 'requestOtcTrade', role: 'trader' }).allowed, 'every-record');
  assert.is(explainOperation(model, { operation: 'requestOtcTrade', role: 'auditor' }).allowed, 'no');
  assert.is(explainOperation(model, { operation: 'requestOtcTrade' }).allowed, null);
  assert.throws(
    () => explainOperation(model, { operation: 'requestOtcTrade', role: 'traders' }),
    (error: unknown) => error instanceof ReviewError && error.message.startsWith("unknown role 'traders' (roles: "),
  );
  assert.equal(parseAccessCommand(['explain', '--operation', 'requestOtcTrade', '--as-json']), {
    name: 'explain-operation',
    operation: 'requestOtcTrade',
    role: undefined,
    json: true,
  });
  assert.throws(
    () => parseAccessCommand(['explain', '--operation', 'requestOtcTrade', '--table', 'coin']),
    (error: unknown) =>
      error instanceof AccessUsageError &&
      error.message === 'explain --operation takes no --table, --column or --action',
  );
});

test('lint: an operation that records a person without an entry, and an unknown role', () => {
  const crafted = craftedModel(`roles:
  trader: { description: Trades., session_variables: [x-data-organization-id] }
tables:
  otc_quote:
    description: Quotes.
    select:
      trader: { filter: { organization_id: { _eq: X-Data-Organization-Id } }, columns: [id] }
business_operations:
  requestOtcTrade: { description: Trades., roles: [trader] }
`);
  const withUnknownRole: PermissionModel = {
    ...crafted,
    businessOperations: {
      ...crafted.businessOperations,
      requestOtcQuote: { description: 'Quotes.', roles: ['trader', 'dealer'], ownRecordRoles: [] },
    },
  };
  const findings = lintPermissions(withUnknownRole).filter((finding) => finding.rule.includes('operation'));
  assert.equal(findings, [
    ...personRecordingOperations
      .filter((operation) => operation !== 'requestOtcTrade' && operation !== 'requestOtcQuote')
      .sort()
      .map((operation) => ({
        rule: 'operation-without-roles',
        subject: { operation },
        message: `business operation '${operation}' records a person but permissions.yaml business_operations names no roles for it: no one may call it`,
      })),
    {
      rule: 'unknown-operation-role',
      subject: { operation: 'requestOtcQuote', role: 'dealer' },
      message:
        "business operation 'requestOtcQuote' names role 'dealer', which permissions.yaml does not declare: no one holds it",
    },
  ]);
});

test('diff: a role added to an operation widens, with a witness; the allow-list excuses it; a removal narrows', () => {
  const widened = withOperation('bitgoSendTransaction', (rule) => ({ ...rule, roles: [...rule.roles, 'trader'] }));
  const diff = diffPermissions(model, widened);
  assert.equal([diff.rules, diff.documents, diff.comparedOperations], [[], [], 15]);
  assert.equal(diff.operations, [
    {
      operation: 'bitgoSendTransaction',
      role: 'trader',
      before: 'none',
      after: 'every-record',
      widens: true,
      witness:
        'a person holding only role trader may now call bitgoSendTransaction on every record of the organization it acts in (before: not at all)',
    },
  ]);
  const failed = judgeDiff(diff, []);
  assert.is(failed.unallowed, 1);
  assert.equal(renderDiff(failed, 'a -> b', 'access-diff-allow.yaml').split('\n').slice(1), [
    '290 role x table x action rules compared, 0 differ: 0 may widen access, 0 do not; 8 documents compared, 0 differ: 0 may widen access, 0 do not (1 widening not allowed).',
    '15 business operations compared, 1 operation x role grants differ: 1 widen access, 0 do not.',
    '',
    'FAIL  operation bitgoSendTransaction role trader: none -> every record',
    '  not in access-diff-allow.yaml',
    '  witness: a person holding only role trader may now call bitgoSendTransaction on every record of the organization it acts in (before: not at all)',
    '',
  ]);
  const entries = parseDiffAllowList(
    'allow:\n  - { operation: bitgoSendTransaction, role: [trader, auditor], reason: Traders settle their own trades. }\n',
    'allow.yaml',
  );
  const allowed = judgeDiff(diff, entries);
  assert.equal(
    [allowed.unallowed, allowed.operations[0]?.allowedBecause, allowed.stale],
    [0, 'Traders settle their own trades.', [{ index: 1, operation: 'bitgoSendTransaction', role: 'auditor' }]],
  );
  assert.throws(
    () => parseDiffAllowList('allow:\n  - { operation: x, table: t, role: r, reason: no }\n', 'allow.yaml'),
    (error: unknown) =>
      error instanceof ReviewError &&
      error.message === "allow.yaml:2:5: allow entry 1: names an operation and a 'table': name one or the other",
  );
  const ownOnly = withOperation('cancelFundSubscription', (rule) => ({
    ...rule,
    roles: [...rule.roles, 'investor'],
    ownRecordRoles: [],
  }));
  assert.equal(
    diffPermissions(model, ownOnly).operations.map((diffed) => [
      diffed.role,
      diffed.before,
      diffed.after,
      diffed.widens,
    ]),
    [['investor', 'own-records', 'every-record', true]],
  );
  assert.equal(
    diffPermissions(ownOnly, model).operations.map((diffed) => [diffed.role, diffed.widens, diffed.witness]),
    [['investor', false, null]],
  );
});

test('diff: a version introducing the section is reported as such, not as a widening of every role', () => {
  const diff = diffPermissions({ ...model, businessOperations: {} }, model);
  assert.equal([diff.operations, diff.comparedOperations, diff.operationsSectionAdded], [[], 0, true]);
  assert.equal(renderDiff(judgeDiff(diff, []), 'a -> b', 'access-diff-allow.yaml').split('\n').slice(2, 3), [
    'business_operations added: the earlier version checks no role for business operations, so there is nothing to compare (explain --operation shows each)',
  ]);
});

test('the permission matrix, Markdown and HTML, shows the section', () => {
  const markdown = readFileSync(path.join(repo, 'generated/permissions/permission-matrix.md'), 'utf8');
  assert.match(
    markdown,
    /^\| `bitgoResolveApproval` \| `digital_wallets_admin`, `organization_admin` \| — \| Approves or rejects /m,
  );
  assert.match(
    markdown,
    /^\| `cancelFundSubscription` \| `organization_admin`, `platform_administrator` \| `investor` \| /m,
  );
  const html = readFileSync(path.join(repo, 'generated/permissions/permission-matrix.html'), 'utf8');
  assert.match(html, /<h2 id="business-operations">Business operations<\/h2>/);
  assert.match(
    html,
    /<tr><th scope="row"><code>requestOtcTrade<\/code><\/th><td><code>organization_admin<\/code>, <code>trader<\/code><\/td><td>—<\/td>/,
  );
});

test.run();
