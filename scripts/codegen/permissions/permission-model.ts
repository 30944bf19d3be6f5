// The compiled, normalized model: what the data layer's SQL compiler, the access layer and
// the matrix read. The types live in src/access/permission-model.ts (the generated file
// imports them from there) and the comparison operators in src/access/comparison-operators.ts
// (one table for codegen, the data layer's schema and both SQL compilers); the compiler's own
// constants are here.
import type { RuleAction } from '../../../src/access/permission-model.ts';

export type * from '../../../src/access/permission-model.ts';
export {
  comparisonOperatorSpec,
  comparisonOperators,
  isComparisonOperator,
} from '../../../src/access/comparison-operators.ts';

export const ruleActions: readonly RuleAction[] = ['select', 'insert', 'update', 'delete'];
