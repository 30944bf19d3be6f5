// A PlanValue → a statement parameter: literals become constants (converted for pg now),
// variables and lists holding variables become slots resolved at execution time.
import { AppError } from '../../errors/app-error.ts';
import type { PlanValue } from './query-plan.ts';
import { ParameterSlot, type BindingContext } from './parameter-slot.ts';

export type ValueConverter = (value: unknown, describe: () => string) => unknown;

function resolvePlanValue(value: PlanValue, context: BindingContext): unknown {
  switch (value.kind) {
    case 'literal':
      return value.value;
    case 'variable':
      return context.variables[value.name] ?? null;
    case 'list':
      return value.items.map((item) => resolvePlanValue(item, context));
  }
}

function describePlanValue(value: PlanValue): string {
  switch (value.kind) {
    case 'literal':
      return JSON.stringify(value.value);
    case 'variable':
      return `$${value.name}`;
    case 'list':
      return `[${value.items.map(describePlanValue).join(', ')}]`;
  }
}

function isConstant(value: PlanValue): boolean {
  return value.kind === 'literal' || (value.kind === 'list' && value.items.every(isConstant));
}

/** `convert` checks and converts the resolved value; it runs now for constants, per execution otherwise. */
export function bindPlanValue(value: PlanValue, label: string, convert: ValueConverter): unknown {
  const describe = () => describePlanValue(value);
  if (isConstant(value)) return convert(resolvePlanValue(value, { session: new Map(), variables: {} }), describe);
  return new ParameterSlot(`${label} ${describe()}`, (context) => convert(resolvePlanValue(value, context), describe));
}

/** For comparison operands: null is refused (Hasura would drop the condition and match every row). */
export function requireNotNull(operator: string): ValueConverter {
  return (value, describe) => {
    if (
      value === null ||
      value === undefined ||
      (Array.isArray(value) && value.some((item) => item === null || item === undefined))
    ) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${operator} got null from ${describe()}; compare with null through _is_null`,
      );
    }
    return value;
  };
}
