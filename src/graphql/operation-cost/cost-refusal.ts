// Why an operation's cost refuses it, as the error a client reads (docs/api-limits.md,
// docs/error-codes.md `QUERY_TOO_COSTLY`): over the per-request maximum, or one root field
// selected more often than field-weights.ts allows. Both are decided before any resolver runs.
import { AppError } from '../../errors/app-error.ts';
import type { FieldWeight } from './field-weights.ts';
import type { OperationCost } from './operation-cost.ts';

/** The refusal of `measured`, or null when it is within `maximum` (0: no maximum) and every field's cap. */
export function costRefusal(
  measured: OperationCost,
  maximum: number,
  weightOf: (field: string) => FieldWeight | undefined,
): AppError | null {
  const { cost } = measured;
  if (maximum > 0 && cost > maximum)
    return new AppError(
      'QUERY_TOO_COSTLY',
      `the operation costs ${cost} points; at most ${maximum} are accepted per request (docs/api-limits.md)`,
      { extensions: { cost, maximum } },
    );
  for (const [field, selections] of measured.selections) {
    const maximumSelections = weightOf(field)?.maxSelections ?? Number.POSITIVE_INFINITY;
    if (selections > maximumSelections)
      return new AppError(
        'QUERY_TOO_COSTLY',
        `the operation selects ${field} ${selections} times; at most ${maximumSelections} are accepted per request (docs/api-limits.md)`,
        { extensions: { cost, field, selections, maximumSelections } },
      );
  }
  return null;
}
