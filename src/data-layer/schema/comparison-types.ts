// `<scalar>_comparison_exp` inputs (Hasura's names), built from the one operator table of
// src/access/comparison-operators.ts: _eq _neq _gt _lt _gte _lte _in _nin _is_null, plus
// _like/_ilike for text. Array columns compare as whole values only
// (docs/data-layer.md#the-schema-of-a-role).
import {
  GraphQLBoolean,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
} from 'graphql';
import {
  comparisonOperatorSpec,
  comparisonOperators,
  type ComparisonColumns,
  type ComparisonOperand,
} from '../../access/comparison-operators.ts';
import { comparisonTypeName, type ColumnKind } from './column-kinds.ts';

export type ComparisonTypes = (kind: ColumnKind) => GraphQLInputObjectType;

export function createComparisonTypes(): ComparisonTypes {
  const created = new Map<string, GraphQLInputObjectType>();
  return (kind) => {
    const name = comparisonTypeName(kind);
    let type = created.get(name);
    if (!type) {
      type = new GraphQLInputObjectType({
        name,
        description: `Compares a ${kind.list ? `${kind.scalar.name} array` : kind.scalar.name} column.`,
        fields: comparisonFields(kind),
      });
      created.set(name, type);
    }
    return type;
  };
}

const offeredFirst: readonly ComparisonColumns[] = ['every', 'scalar', 'text'];

/** Whether a column of this kind offers operators of `columns`: array columns compare as whole values only. */
function offers(kind: ColumnKind, columns: ComparisonColumns): boolean {
  if (columns === 'every') return true;
  return !kind.list && (columns === 'scalar' || kind.text);
}

/** The operators of comparison-operators.ts a column of this kind offers, grouped by `columns` (the SDL's field order). */
function comparisonFields(kind: ColumnKind): GraphQLInputFieldConfigMap {
  const value = kind.list ? new GraphQLList(new GraphQLNonNull(kind.scalar)) : kind.scalar;
  const operandTypes: Readonly<Record<ComparisonOperand, GraphQLInputType>> = {
    value,
    list: new GraphQLList(new GraphQLNonNull(kind.scalar)),
    pattern: GraphQLString,
    boolean: GraphQLBoolean,
  };
  const fields: GraphQLInputFieldConfigMap = {};
  for (const columns of offeredFirst) {
    if (!offers(kind, columns)) continue;
    for (const operator of comparisonOperators) {
      const spec = comparisonOperatorSpec(operator);
      if (spec.columns === columns) fields[operator] = { type: operandTypes[spec.operand] };
    }
  }
  return fields;
}
