// The CASL (ucast) operators for Hasura comparisons that have no Mongo counterpart
// (docs/permissions.md#casl-mapping): `$_nlike`, `$_regex`, `$_contains`, `$_ceq`, … are field
// operators named after the Hasura operator (the condition's operator is then `_nlike`, …), a
// jsonb `_cast` is `$_cast: { to, operator, value }`, and `_exists` is the document operator
// `$_exists: { table, where }`. They are compiled to SQL only (condition-to-sql.ts): no JS
// interpreter is registered, so matching an object against them in JavaScript throws (fails
// closed) instead of guessing PostgreSQL's regex or jsonb semantics.
import { DocumentCondition, type Condition } from '@ucast/mongo2js';
import { comparisonOperators, type ComparisonOperator } from './comparison-operators.ts';

/** Operators bool-exp-to-casl.ts maps onto Mongo's own ($eq, $in, $regex, …). */
export const mongoMappedOperators: ReadonlySet<ComparisonOperator> = new Set([
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

/** The comparison operators carried as `$<operator>` field operators. */
export const caslFieldOperators: readonly ComparisonOperator[] = comparisonOperators.filter(
  (operator) => !mongoMappedOperators.has(operator),
);

/** `$_exists`'s value in a CASL condition. */
export interface CaslExists {
  readonly table: string;
  readonly where: object;
}

/** The parsed `$_exists`: the other table and its condition (ucast AST). */
export interface ExistsConditionValue {
  readonly table: string;
  readonly condition: Condition;
}

type Instruction = { type: 'field' } | { type: 'document'; parse: (...args: never[]) => Condition };

function existsInstruction(): Instruction {
  return {
    type: 'document',
    parse: (_instruction: unknown, value: CaslExists, context: { parse: (query: object) => Condition }) =>
      new DocumentCondition<ExistsConditionValue>('_exists', {
        table: value.table,
        condition: context.parse(value.where),
      }),
  } as Instruction;
}

/** The parsing instructions to register beside ucast's Mongo ones. */
export function hasuraCaslInstructions(): Record<string, Instruction> {
  const instructions: Record<string, Instruction> = Object.fromEntries(
    caslFieldOperators.map((operator) => [`$${operator}`, { type: 'field' }]),
  );
  instructions.$_exists = existsInstruction();
  return instructions;
}
