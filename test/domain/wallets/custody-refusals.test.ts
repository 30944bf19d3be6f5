// The one mapping of custodian failures to user errors (src/domain/wallets/custody-refusals.ts):
// every refusal the provider can report, answered as the wallet operations
// (docs/custody.md#what-a-provider-failure-answers) and as the custody mutations
// (docs/custody.md#errors-of-the-mutations) document it, with the operations that differ from their kind.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CustodyOperation, custodyRefusal } from '../../../src/domain/wallets/custody-refusals.ts';
import {
  type CustodianErrorName,
  custodianAnswerError,
  custodianBadResponse,
  custodianErrorNames,
  custodianUnavailable,
  invalidCustodyRequest,
} from '../../../src/providers/custody/custody-provider-error.ts';
import { capturingLogger } from '../../providers/custody/support/custody-harness.ts';

/** The errors' codes and fields as `CODE field`, or `thrown`; and whether anything was logged. */
function answered(operation: CustodyOperation, error: unknown) {
  const log = capturingLogger();
  try {
    const errors = custodyRefusal(error, operation, { requestId: 'req-1', logger: log.logger });
    return { errors: errors.map((e) => `${e.code} ${e.field?.join('.') ?? '-'}`), messages: errors, log: log.text() };
  } catch (thrown) {
    assert.is(thrown, error);
    return { errors: 'thrown', messages: [], log: log.text() };
  }
}

function named(name: CustodianErrorName) {
  return custodianAnswerError('sendCoins', custodianErrorNames[name].status, { error: 'x', name, requestId: null });
}

/** Each custodian refusal: the wallet operations' answer, then the custody mutations'. */
const byName: Record<CustodianErrorName, [string, string]> = {
  InvalidRequest: ['PROVIDER_ERROR -', 'VALIDATION_FAILED -'],
  InvalidAddress: ['VALIDATION_FAILED address', 'VALIDATION_FAILED address'],
  UnsupportedCoin: ['UNSUPPORTED_ASSET coin', 'UNSUPPORTED_ASSET coin'],
  InsufficientBalance: ['PROVIDER_ERROR -', 'INSUFFICIENT_BALANCE amount'],
  Unauthorized: ['thrown', 'PROVIDER_ERROR -'],
  AddressNotWhitelisted: ['PROVIDER_ERROR -', 'ADDRESS_NOT_WHITELISTED address'],
  SelfApprovalNotAllowed: ['PROVIDER_ERROR -', 'SELF_APPROVAL_NOT_ALLOWED -'],
  NotFound: ['PROVIDER_ERROR -', 'PROVIDER_ERROR -'],
  ApprovalAlreadyResolved: ['PROVIDER_ERROR -', 'INVALID_STATE -'],
  ApproverAlreadyDecided: ['PROVIDER_ERROR -', 'INVALID_STATE -'],
  WhitelistEntryExists: ['CONFLICT address', 'CONFLICT -'],
  WhitelistChangePending: ['CONFLICT address', 'CONFLICT -'],
  SequenceIdConflict: ['PROVIDER_ERROR -', 'CONFLICT idempotencyKey'],
  InternalError: ['SERVICE_UNAVAILABLE -', 'PROVIDER_ERROR -'],
};

test('each custodian refusal answers per kind of operation', () => {
  for (const [name, [wallet, transfer]] of Object.entries(byName) as [CustodianErrorName, [string, string]][]) {
    for (const operation of ['createWallet', 'createAddress', 'addWhitelistAddress'] as const)
      assert.equal(
        answered(operation, named(name)).errors,
        wallet === 'thrown' ? wallet : [wallet],
        `${operation} ${name}`,
      );
    for (const operation of ['send', 'sync'] as const)
      assert.equal(answered(operation, named(name)).errors, [transfer], `${operation} ${name}`);
  }
});

test('statuses without a known name, no answer and a broken answer', () => {
  const cases: [unknown, string, string][] = [
    [custodianAnswerError('sendCoins', 422, undefined), 'PROVIDER_ERROR -', 'VALIDATION_FAILED -'],
    [custodianAnswerError('sendCoins', 403, undefined), 'thrown', 'PROVIDER_ERROR -'],
    [custodianAnswerError('sendCoins', 404, undefined), 'PROVIDER_ERROR -', 'PROVIDER_ERROR -'],
    [custodianAnswerError('sendCoins', 409, undefined), 'PROVIDER_ERROR -', 'CONFLICT -'],
    [custodianAnswerError('sendCoins', 429, undefined), 'SERVICE_UNAVAILABLE -', 'PROVIDER_ERROR -'],
    [custodianUnavailable('no connection', null), 'SERVICE_UNAVAILABLE -', 'PROVIDER_ERROR -'],
    [custodianBadResponse('not JSON', 200), 'thrown', 'PROVIDER_ERROR -'],
  ];
  for (const [error, wallet, transfer] of cases) {
    assert.equal(answered('createWallet', error).errors, wallet === 'thrown' ? wallet : [wallet]);
    assert.equal(answered('send', error).errors, [transfer]);
  }
});

test('an unexpected failure is thrown on by a wallet operation, a masked PROVIDER_ERROR logged as an error by a mutation', () => {
  const refused = custodianAnswerError('sendCoins', 401, undefined);
  assert.is(answered('createWallet', refused).log, '');
  const sent = answered('send', refused);
  assert.is(sent.messages[0]?.message, 'the custodian could not be used; the operator has been told (requestId req-1)');
  assert.match(sent.log, /"level":50.*custody call failed unexpectedly/);
  assert.is(answered('createWallet', new Error('bug')).errors, 'thrown');
  assert.is(answered('send', new Error('bug')).errors, 'thrown');
});

test('an unavailable custodian is told to retry, a send with the same idempotencyKey', () => {
  const error = custodianUnavailable('timeout', null);
  assert.is(
    answered('createAddress', error).messages[0]?.message,
    'the custodian is unavailable; retry in 5 seconds (requestId req-1)',
  );
  assert.is(
    answered('send', error).messages[0]?.message,
    'the custodian is unavailable; retry in 5 seconds with the same idempotencyKey (requestId req-1)',
  );
  assert.match(answered('sync', error).log, /"operation":"sync","reason":"unavailable"/);
});

test('the operations that answer otherwise than their kind', () => {
  assert.equal(answered('removeWhitelistAddress', named('WhitelistChangePending')).errors, ['INVALID_STATE address']);
  assert.equal(answered('removeWhitelistAddress', named('WhitelistEntryExists')).errors, ['CONFLICT address']);
  const missing = answered('resolve', named('NotFound'));
  assert.equal(missing.messages, [{ code: 'NOT_FOUND', message: 'no such pending approval', field: ['approvalId'] }]);
  assert.is(missing.log, '');
  assert.equal(answered('resolve', named('SelfApprovalNotAllowed')).errors, ['SELF_APPROVAL_NOT_ALLOWED -']);
});

test("the port's own check is answered in its words: each problem for a wallet operation, its summary for a mutation", () => {
  const error = invalidCustodyRequest('createWallet', [
    { path: 'address', message: 'address is malformed' },
    { path: 'amount', message: 'amount is not whole' },
  ]);
  assert.equal(answered('createWallet', error).messages, [
    { code: 'VALIDATION_FAILED', message: 'address is malformed', field: ['address'] },
    { code: 'VALIDATION_FAILED', message: 'amount is not whole', field: null },
  ]);
  assert.equal(answered('send', error).messages, [
    {
      code: 'VALIDATION_FAILED',
      message: 'invalid createWallet request: address is malformed; amount is not whole',
      field: ['address'],
    },
  ]);
  assert.is(answered('send', error).log, '');
});

test.run();
