// What a business operation answers: its result, or the expected failures
// that stopped it before anything was written. The business GraphQL resolvers turn it into the
// mutation's payload (src/graphql/mutation-payload.ts).
import type { UserError, UserErrorCode } from './user-error.ts';

export type Outcome<T, C extends UserErrorCode = UserErrorCode> =
  | { ok: true; value: T }
  | {
      ok: false;
      errors: UserError<C>[];
      /**
       * Result fields a failure still answers (schema.graphql: the quote's existing trade with
       * QUOTE_ALREADY_EXECUTED, a fund request's unchanged state with INVALID_STATE); every other
       * field of the payload is null.
       */
      carried?: { [K in keyof T]?: T[K] | null };
    };

export function succeeded<T>(value: T): Outcome<T, never> {
  return { ok: true, value };
}

export function failed<C extends UserErrorCode, T = never>(
  errors: UserError<C>[],
  carried?: { [K in keyof T]?: T[K] | null },
): Outcome<T, C> {
  return carried === undefined ? { ok: false, errors } : { ok: false, errors, carried };
}
