// A business operation's outcome as its mutation's payload (schema.graphql `MutationPayload`): on
// success `success: true`, no errors and the result's fields; on failure the errors, the fields
// the failure still carries (src/domain/outcomes/outcome.ts), and null for every other field.
import type { Outcome } from '../domain/outcomes/outcome.ts';
import type { UserError } from '../domain/outcomes/user-error.ts';

export type Payload<T> =
  | ({ success: true; errors: UserError[] } & T)
  | ({ success: false; errors: UserError[] } & { [K in keyof T]: T[K] | null });

/** `fields`: the payload's result fields, each null on failure unless the failure carries it. */
export function payloadOf<T extends object>(outcome: Outcome<T>, fields: readonly (keyof T)[]): Payload<T> {
  if (outcome.ok) return { success: true, errors: [], ...outcome.value };
  const empty = Object.fromEntries(fields.map((field) => [field, null])) as { [K in keyof T]: null };
  return { success: false, errors: outcome.errors, ...empty, ...outcome.carried };
}
