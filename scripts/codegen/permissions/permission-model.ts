// The compiled, normalized model: what the data layer's SQL compiler, the access layer and
// the matrix read. The types live in src/access/permission-model.ts (the generated file
// imports them from there); the compiler's constants are here.
import type { ComparisonOperator, RuleAction } from '../../../src/access/permission-model.ts';

export type * from '../../../src/access/permission-model.ts';

export const ruleActions: readonly RuleAction[] = ['select', 'insert', 'update', 'delete'];

export const comparisonOperators: readonly ComparisonOperator[] = [
  '_eq', '_neq', '_gt', '_lt', '_gte', '_lte', '_in', '_nin', '_like', '_ilike', '_is_null',
];
