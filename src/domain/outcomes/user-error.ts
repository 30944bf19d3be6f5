// The expected failure of a business API mutation as its payload's `errors` carries it
// (schema.graphql `UserError`, `MutationPayload`). The codes are schema.graphql's `UserErrorCode`,
// as codegen spells them: a code added to the schema is one here, never listed twice.
import type { UserErrorCode } from '../../../generated/graphql/resolver-types.ts';

export type { UserErrorCode };

export interface UserError<C extends UserErrorCode = UserErrorCode> {
  code: C;
  /** Safe to show to end users. */
  message: string;
  /** Path inside the mutation's `input` (`["fundId"]`); null when the input as a whole is at fault. */
  field: string[] | null;
}

export function userError<C extends UserErrorCode>(code: C, message: string, field?: string): UserError<C> {
  return { code, message, field: field === undefined ? null : [field] };
}
