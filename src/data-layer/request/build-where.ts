// `where: <t>_bool_exp` → WherePlan. Comparison operands stay variable references where they
// are variables; a null operand is refused (Hasura would drop the condition and so match every
// row), as is a null expression anywhere inside `where`.
import type { GraphQLInputObjectType } from 'graphql';
import { GraphQLBoolean, getNamedType, isInputObjectType, type GraphQLInputType } from 'graphql';
import type { WherePlan } from '../../records/data-layer-sql/query-plan.ts';
import { castTargets, isComparisonOperator, type CastTarget } from '../../access/comparison-operators.ts';
import { DataLayerError } from '../data-layer-error.ts';
import { inputFieldMeta } from '../schema/schema-metadata.ts';
import { isNullInput, leafPlanValue, listItems, objectFields, resolveNow, type InputValue } from './input-values.ts';
import type { PlanContext } from './plan-context.ts';
import { joinPath } from './request-paths.ts';

function notNull(input: InputValue, context: PlanContext, path: string): InputValue {
  if (isNullInput(input, context, path)) {
    throw new DataLayerError(
      'VALIDATION_FAILED',
      `null is not a valid value at ${path}; omit the field, or test null with _is_null`,
      path,
    );
  }
  return input;
}

export function buildWhere(
  input: InputValue,
  type: GraphQLInputObjectType,
  context: PlanContext,
  path: string,
): WherePlan {
  const operands: WherePlan[] = [];
  for (const [name, raw] of objectFields(input, context, path)) {
    const fieldPath = joinPath(path, name);
    const value = notNull(raw, context, fieldPath);
    if (name === '_and' || name === '_or') {
      const items = listItems(value, context, fieldPath).map((item, index) =>
        buildWhere(notNull(item, context, joinPath(fieldPath, index)), type, context, joinPath(fieldPath, index)),
      );
      operands.push({ kind: name === '_and' ? 'and' : 'or', operands: items });
      continue;
    }
    if (name === '_not') {
      operands.push({ kind: 'not', operand: buildWhere(value, type, context, fieldPath) });
      continue;
    }
    const field = type.getFields()[name];
    const meta = inputFieldMeta(field?.extensions);
    if (!field || !meta)
      throw new DataLayerError(
        'VALIDATION_FAILED',
        `field '${name}' not found in type '${type.name}' (unknown field or no permission)`,
        fieldPath,
      );
    if (meta.kind === 'relationship') {
      operands.push({
        kind: 'relationship',
        relationship: meta.relationship,
        where: buildWhere(value, getNamedType(field.type) as GraphQLInputObjectType, context, fieldPath),
      });
      continue;
    }
    const comparisonType = getNamedType(field.type);
    if (!isInputObjectType(comparisonType)) throw new Error(`${type.name}.${name} is not a comparison input`);
    operands.push(...buildComparisons(meta.column, value, comparisonType, context, fieldPath));
  }
  return operands.length === 1 ? (operands[0] as WherePlan) : { kind: 'and', operands };
}

function buildComparisons(
  column: string,
  input: InputValue,
  type: GraphQLInputObjectType,
  context: PlanContext,
  path: string,
  cast?: string,
): WherePlan[] {
  return objectFields(input, context, path).flatMap(([operator, raw]): WherePlan[] => {
    const operatorPath = joinPath(path, operator);
    const field = type.getFields()[operator];
    if (!field || !isComparisonOperator(operator)) {
      throw new DataLayerError(
        'VALIDATION_FAILED',
        `field '${operator}' not found in type '${type.name}' (unknown field or no permission)`,
        operatorPath,
      );
    }
    const value = notNull(raw, context, operatorPath);
    if (operator === '_cast')
      return buildCasts(column, value, getNamedType(field.type) as GraphQLInputObjectType, context, operatorPath);
    if (operator === '_is_null') {
      return [
        {
          kind: 'compare',
          column,
          operator,
          value: { kind: 'literal', value: resolveNow(value, GraphQLBoolean, context, operatorPath) === true },
          ...(cast ? { cast } : {}),
        },
      ];
    }
    const planValue = leafPlanValue(value, field.type as GraphQLInputType, context, operatorPath);
    return [{ kind: 'compare', column, operator, value: planValue, ...(cast ? { cast } : {}) }];
  });
}

/** `_cast: { String: { … } }`: each target's comparisons, on the column cast to that type. */
function buildCasts(
  column: string,
  input: InputValue,
  type: GraphQLInputObjectType,
  context: PlanContext,
  path: string,
): WherePlan[] {
  return objectFields(input, context, path).flatMap(([target, raw]) => {
    const targetPath = joinPath(path, target);
    const field = type.getFields()[target];
    if (!field || !Object.hasOwn(castTargets, target))
      throw new DataLayerError(
        'VALIDATION_FAILED',
        `field '${target}' not found in type '${type.name}' (unknown field or no permission)`,
        targetPath,
      );
    const comparisons = getNamedType(field.type) as GraphQLInputObjectType;
    const value = notNull(raw, context, targetPath);
    return buildComparisons(column, value, comparisons, context, targetPath, castTargets[target as CastTarget]);
  });
}
