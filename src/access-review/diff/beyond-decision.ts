// What the row-filter decision procedure (docs/access-review.md#decision-procedure) does not
// model: the text operators beyond LIKE (NOT LIKE, SIMILAR TO, POSIX regex), the jsonb
// operators and `_cast`, column comparisons (`_ceq` …) and `_exists`. A changed filter that uses
// one is judged "unknown" (which the gate counts as a possible widening), never "equivalent".
import type { BoolExp } from '../../access/permission-model.ts';

const modelledOperators: ReadonlySet<string> = new Set([
  '_eq',
  '_neq',
  '_gt',
  '_lt',
  '_gte',
  '_lte',
  '_in',
  '_nin',
  '_like',
  '_ilike',
  '_is_null',
]);

/** Why the procedure cannot decide a filter, or null when it models everything in it. */
export function beyondDecision(filter: BoolExp): string | null {
  switch (filter.type) {
    case 'and':
    case 'or':
      return filter.operands.map(beyondDecision).find((reason) => reason !== null) ?? null;
    case 'not':
      return beyondDecision(filter.operand);
    case 'relationship':
      return beyondDecision(filter.where);
    case 'exists':
      return `_exists on '${filter.table}' is not modelled by the decision procedure`;
    case 'compare':
      if (filter.cast) return `_cast on '${filter.column}' is not modelled by the decision procedure`;
      if (filter.value.type === 'column' || !modelledOperators.has(filter.operator))
        return `${filter.operator} on '${filter.column}' is not modelled by the decision procedure`;
      return null;
  }
}
