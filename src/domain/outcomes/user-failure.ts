// The exception form of a mutation's expected failures: a step deep in an operation that meets one
// throws a UserFailure, and the operation's `outcomeOf` turns it into its failed outcome before
// anything is written. Anything else thrown stays an error (masked by the transport).
import { failed, type Outcome, succeeded } from './outcome.ts';
import { type UserError, type UserErrorCode, userError } from './user-error.ts';

export class UserFailure extends Error {
  readonly errors: UserError[];
  constructor(errors: UserError[]) {
    super(errors.map((error) => `${error.code}: ${error.message}`).join('; '));
    this.name = 'UserFailure';
    this.errors = errors;
  }
}

export function failWith(code: UserErrorCode, message: string, field?: string): never {
  throw new UserFailure([userError(code, message, field)]);
}

/** Runs a step; its expected failures become the outcome's errors, anything else is thrown on. */
export async function outcomeOf<T>(step: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return succeeded(await step());
  } catch (error) {
    if (error instanceof UserFailure) return failed(error.errors);
    throw error;
  }
}
