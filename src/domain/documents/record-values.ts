// Status-like columns are text with CHECK constraints (docs/database.md#schema-conventions); a
// value outside the set a document knows is a schema change the documents missed, so it fails
// the render loudly rather than printing an unknown label.
import { AppError } from '../../errors/app-error.ts';

export function knownValue<const T extends string>(value: string, allowed: readonly T[], column: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new AppError('INTERNAL', `${column} '${value}' is not one of ${allowed.join(', ')}`);
}
