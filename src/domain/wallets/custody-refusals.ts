// What a custody call's failure answers, for every operation that calls the custodian: a refusal
// the caller can act on becomes a `UserError` (schema.graphql `UserErrorCode`), in our words with
// our request id (provider-failure-messages.ts, which logs the custodian's answer once).
// The wallet operations (docs/custody.md#what-a-provider-failure-answers) and the custody mutations
// (docs/custody.md#errors-of-the-mutations) answer some refusals differently, as their pages say:
// a custodian that is unavailable is SERVICE_UNAVAILABLE to the one and PROVIDER_ERROR, "retry in N
// seconds", to the other; a refusal naming a send's own terms (balance, whitelist, approvals) is
// its own code to the mutations and PROVIDER_ERROR to the wallet operations; what no caller can act
// on (our token refused, a broken answer) is thrown on by the wallet operations (a masked GraphQL
// error) and a masked PROVIDER_ERROR, logged as an error, in the mutations. One table per kind of
// operation holds those differences, and one function reads it.
import type { AppError } from '../../errors/app-error.ts';
import { type CustodyErrorReason, CustodyProviderError } from '../../providers/custody/custody-provider-error.ts';
import { type UserError, type UserErrorCode, userError } from '../outcomes/user-error.ts';
import { custodyFailureMessage, type RequestLog } from './provider-failure-messages.ts';

/** The wallet operations that call the custodian (docs/custody.md#wallet-operations). */
export type WalletCustodyOperation =
  'createWallet' | 'createAddress' | 'addWhitelistAddress' | 'removeWhitelistAddress';

/** The custody mutations (docs/custody.md#the-mutations): a send, an approval's resolution, a transfer sync. */
export type TransferCustodyOperation = 'send' | 'resolve' | 'sync';

export type CustodyOperation = WalletCustodyOperation | TransferCustodyOperation;

/** The field is the one the port's check of the request named, when the caller sent it. */
const checkedField = Symbol('the field the check named');

/** What a refusal answers: its code, the input field, and a message of our own where the custodian's is not told. */
interface Answer {
  readonly code: UserErrorCode;
  readonly field?: string | typeof checkedField;
  /** Told as it is, without the custodian's answer: nothing of it is logged either. */
  readonly message?: string;
}

interface KindRules {
  /** The input fields of the operations' own inputs, which an error may name. */
  readonly inputFields: ReadonlySet<string>;
  /**
   * The port's own check of a request, before any custodian saw it (its messages are ours): one
   * error per problem it found, or one error with its summary, on the first problem's field.
   */
  readonly portCheck: 'eachProblem' | 'summary';
  /**
   * The refusals a caller can act on; any other is unexpected: `unauthorized` and `badResponse`,
   * the provider's INTERNAL ones (docs/custody.md#errors), are in no table.
   */
  readonly byReason: Partial<Record<CustodyErrorReason, Answer>>;
  /** An unexpected failure is thrown on (the transport masks it), or a masked PROVIDER_ERROR logged as an error. */
  readonly unexpected: 'thrown' | 'providerError';
}

const providerError: Answer = { code: 'PROVIDER_ERROR' };

const rulesOfKind: Record<'wallet' | 'transfer', KindRules> = {
  wallet: {
    inputFields: new Set(['label', 'address', 'userPublicKey', 'coin']),
    portCheck: 'eachProblem',
    byReason: {
      unavailable: { code: 'SERVICE_UNAVAILABLE' },
      invalidAddress: { code: 'VALIDATION_FAILED', field: 'address' },
      unsupportedCoin: { code: 'UNSUPPORTED_ASSET', field: 'coin' },
      whitelistEntryExists: { code: 'CONFLICT', field: 'address' },
      whitelistChangePending: { code: 'CONFLICT', field: 'address' },
      invalidRequest: providerError,
      insufficientBalance: providerError,
      addressNotWhitelisted: providerError,
      selfApproval: providerError,
      notFound: providerError,
      alreadyResolved: providerError,
      alreadyDecided: providerError,
      idempotencyConflict: providerError,
      conflict: providerError,
    },
    unexpected: 'thrown',
  },
  transfer: {
    inputFields: new Set(['address', 'amount', 'coin', 'comment']),
    portCheck: 'summary',
    byReason: {
      unavailable: providerError,
      notFound: providerError,
      invalidRequest: { code: 'VALIDATION_FAILED', field: checkedField },
      invalidAddress: { code: 'VALIDATION_FAILED', field: 'address' },
      unsupportedCoin: { code: 'UNSUPPORTED_ASSET', field: 'coin' },
      insufficientBalance: { code: 'INSUFFICIENT_BALANCE', field: 'amount' },
      addressNotWhitelisted: { code: 'ADDRESS_NOT_WHITELISTED', field: 'address' },
      selfApproval: { code: 'SELF_APPROVAL_NOT_ALLOWED' },
      alreadyResolved: { code: 'INVALID_STATE' },
      alreadyDecided: { code: 'INVALID_STATE' },
      idempotencyConflict: { code: 'CONFLICT', field: 'idempotencyKey' },
      whitelistEntryExists: { code: 'CONFLICT' },
      whitelistChangePending: { code: 'CONFLICT' },
      conflict: { code: 'CONFLICT' },
    },
    unexpected: 'providerError',
  },
};

const kindOf: Record<CustodyOperation, keyof typeof rulesOfKind> = {
  createWallet: 'wallet',
  createAddress: 'wallet',
  addWhitelistAddress: 'wallet',
  removeWhitelistAddress: 'wallet',
  send: 'transfer',
  resolve: 'transfer',
  sync: 'transfer',
};

/** Where one operation answers a refusal otherwise than its kind. */
const operationAnswers: Partial<Record<CustodyOperation, Partial<Record<CustodyErrorReason, Answer>>>> = {
  // schema.graphql: a second addition is a CONFLICT, a removal while one is pending INVALID_STATE.
  removeWhitelistAddress: { whitelistChangePending: { code: 'INVALID_STATE', field: 'address' } },
  // A missing record is the approval being resolved, which the caller named.
  resolve: { notFound: { code: 'NOT_FOUND', field: 'approvalId', message: 'no such pending approval' } },
};

/**
 * The user errors for a custody failure of `operation`. Anything but a CustodyProviderError is
 * thrown on, and so is an unexpected one where the operation's kind throws it.
 */
export function custodyRefusal(error: unknown, operation: CustodyOperation, request: RequestLog): UserError[] {
  if (!(error instanceof CustodyProviderError)) throw error;
  const rules = rulesOfKind[kindOf[operation]];
  if (error.code === 'VALIDATION_FAILED') return portCheckErrors(error, rules);
  const answer = operationAnswers[operation]?.[error.reason] ?? rules.byReason[error.reason];
  if (!answer && rules.unexpected === 'thrown') throw error;
  if (answer?.message !== undefined) return [userError(answer.code, answer.message, fieldOf(answer, error, rules))];
  const message = custodyFailureMessage(error, operation, request);
  if (!answer) {
    request.logger.error({ err: error }, 'custody call failed unexpectedly');
    return [userError('PROVIDER_ERROR', message)];
  }
  return [userError(answer.code, message, fieldOf(answer, error, rules))];
}

function fieldOf(answer: Answer, error: AppError, rules: KindRules): string | undefined {
  return answer.field === checkedField ? checkedInputField(error, rules) : answer.field;
}

function portCheckErrors(error: AppError, rules: KindRules): UserError[] {
  if (rules.portCheck === 'summary')
    return [userError('VALIDATION_FAILED', error.message, checkedInputField(error, rules))];
  return (error.details ?? [{ path: '', message: error.message }]).map((detail) =>
    userError('VALIDATION_FAILED', detail.message, rules.inputFields.has(detail.path) ? detail.path : undefined),
  );
}

/** The input field the port's check named first, when it is one the caller sent. */
function checkedInputField(error: AppError, rules: KindRules): string | undefined {
  const path = error.details?.[0]?.path;
  return path && rules.inputFields.has(path) ? path : undefined;
}
