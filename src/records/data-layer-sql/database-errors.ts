// Errors pg raises about a request's values are the client's (docs/data-layer.md#status-codes-and-errors):
// class 22 (an invalid value), class 23 (a violated constraint), a value for a GENERATED ALWAYS
// column, a query too complex. Database faults (a statement timeout, a lost connection) arrive
// here already as SERVICE_UNAVAILABLE (src/db/guarded-pool.ts). Anything else is ours. Messages
// name constraint, table and column only: never the SQL or the row's values. A business rule the
// database holds (a fund request made `processed` outside a dealing) says the rule and the business
// API operation to use instead (business-rule-refusals.ts). A check our own trigger raises carries a
// HINT written for the client (what to do instead, no value of the row: digital_wallet_aml_freeze,
// migration 0013), which the message repeats; PostgreSQL's own check violations carry none.
import { AppError } from '../../errors/app-error.ts';
import { businessRuleRefusal } from './business-rule-refusals.ts';

interface PgError {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  hint?: unknown;
}

/** `: <hint>` when the trigger that refused the row said what to do instead. */
const hintOf = (error: PgError) => (typeof error.hint === 'string' ? `: ${error.hint}` : '');

function integrityError(error: PgError): AppError {
  const refusal = businessRuleRefusal(error.constraint, error);
  if (refusal) return refusal;
  const where = typeof error.table === 'string' ? ` of '${error.table}'` : '';
  const constraint = typeof error.constraint === 'string' ? `'${error.constraint}'` : '';
  switch (error.code) {
    case '23505':
      return new AppError(
        'CONFLICT',
        `uniqueness violation: constraint ${constraint}${where}; a row with the same value already exists`,
        { cause: error },
      );
    case '23503':
    case '23001':
      return new AppError(
        'CONFLICT',
        `foreign key violation: constraint ${constraint}${where}; the referenced row does not exist, or other rows still refer to this one`,
        { cause: error },
      );
    case '23P01':
      return new AppError('CONFLICT', `exclusion violation: constraint ${constraint}${where}`, { cause: error });
    case '23502':
      return new AppError('BAD_REQUEST', `not-null violation: column '${String(error.column)}'${where} needs a value`, {
        cause: error,
      });
    case '23514':
      return new AppError(
        'BAD_REQUEST',
        `check constraint ${constraint}${where} is violated by the written row${hintOf(error)}`,
        { cause: error },
      );
    default:
      return new AppError('CONFLICT', `integrity constraint violation: constraint ${constraint}${where}`, {
        cause: error,
      });
  }
}

/** The client's error behind a pg error, or null when the error is not the client's. */
export function clientErrorOf(error: unknown): AppError | null {
  if (error instanceof AppError) return null;
  const code = (error as PgError).code;
  if (typeof code !== 'string') return null;
  const message = error instanceof Error ? error.message : String(error);
  if (code.startsWith('23')) return integrityError(error as PgError);
  // GENERATED ALWAYS columns (audit_log.id) are offered to admin like any other; pg's message names the column only.
  if (code === '428C9')
    return new AppError('BAD_REQUEST', `${message}: the database generates this column`, { cause: error });
  // The only regular expressions a statement evaluates are the operands of _regex, _nregex, _iregex, _niregex.
  if (code === '2201B')
    return new AppError(
      'BAD_REQUEST',
      `invalid value: ${message} (the operand of a _regex, _nregex, _iregex or _niregex)`,
      {
        cause: error,
      },
    );
  if (code.startsWith('22')) return new AppError('BAD_REQUEST', `invalid value: ${message}`, { cause: error });
  if (code.startsWith('54'))
    return new AppError('BAD_REQUEST', `query too complex for the database: ${message}`, { cause: error });
  return null;
}
