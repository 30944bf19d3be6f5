// The check of an `idempotencyKey` input field (schema.graphql: "up to 100 characters";
// idempotency_key's CHECK, migration 0023): absent, or one line of 1 to 100 characters that
// PostgreSQL can store and that displays as it reads, like every other text the caller names
// (docs/custody.md#input).
import { undisplayableText } from '../text/display-text.ts';
import { unstorableText } from '../text/storable-text.ts';
import { userError, type UserError } from '../outcomes/user-error.ts';

export const idempotencyKeyMaxLength = 100;

export function idempotencyKeyProblem(key: string | null | undefined): UserError | null {
  if (key === null || key === undefined) return null;
  const problem = unstorableText(key) ?? undisplayableText(key);
  if (problem) return userError('VALIDATION_FAILED', `idempotencyKey ${problem}`, 'idempotencyKey');
  if (key.trim() === '' || [...key].length > idempotencyKeyMaxLength)
    return userError(
      'VALIDATION_FAILED',
      `idempotencyKey must be 1 to ${idempotencyKeyMaxLength} characters, not blank`,
      'idempotencyKey',
    );
  return null;
}
