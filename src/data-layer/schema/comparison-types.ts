// `<scalar>_comparison_exp` inputs (Hasura's names), built from the one operator table of
// src/access/comparison-operators.ts: _eq _neq _gt _lt _gte _lte _in _nin _is_null, the pattern
// operators (LIKE, SIMILAR TO, POSIX regex and their negations) for text, the jsonb operators
// and `_cast: jsonb_cast_exp` for jsonb. Array columns compare as whole values only; column
// comparisons (_ceq …) are for permissions.yaml rules only (docs/data-layer.md#the-schema-of-a-role).
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
import { columnKind, comparisonTypeName, type ColumnKind } from './column-kinds.ts';

export type ComparisonTypes = (kind: ColumnKind) => GraphQLInputObjectType;

/** Hasura's name of the `_cast` operand of a jsonb column. */
export const jsonbCastTypeName = 'jsonb_cast_exp';

export function createComparisonTypes(): ComparisonTypes {
  const created = new Map<string, GraphQLInputObjectType>();
  const comparison: ComparisonTypes = (kind) => {
    const name = comparisonTypeName(kind);
    let type = created.get(name);
    if (!type) {
      type = new GraphQLInputObjectType({
        name,
        description: `Compares a ${kind.list ? `${kind.scalar.name} array` : kind.scalar.name} column.`,
        fields: () => comparisonFields(kind, comparison),
      });
      created.set(name, type);
    }
    return type;
  };
  return comparison;
}

const offeredFirst: readonly ComparisonColumns[] = ['every', 'scalar', 'text', 'jsonb'];

/** Whether a column of this kind offers operators of `columns`: array columns compare as whole values only. */
function offers(kind: ColumnKind, columns: ComparisonColumns): boolean {
  if (columns === 'every') return true;
  if (kind.list) return false;
  if (columns === 'text') return kind.text;
  if (columns === 'jsonb') return kind.json;
  return true;
}

/** `jsonb_cast_exp { String: String_comparison_exp }`: the jsonb value cast to text (Hasura's `_cast`). */
function castType(comparison: ComparisonTypes): GraphQLInputObjectType {
  return new GraphQLInputObjectType({
    name: jsonbCastTypeName,
    description: 'Compares a jsonb column cast to another type.',
    fields: () => ({ String: { type: comparison(columnKind('text')) } }),
  });
}

/** The operators of comparison-operators.ts a column of this kind offers, grouped by `columns` (the SDL's field order). */
function comparisonFields(kind: ColumnKind, comparison: ComparisonTypes): GraphQLInputFieldConfigMap {
  const value = kind.list ? new GraphQLList(new GraphQLNonNull(kind.scalar)) : kind.scalar;
  const operandTypes: Readonly<Record<Exclude<ComparisonOperand, 'column'>, () => GraphQLInputType>> = {
    value: () => value,
    list: () => new GraphQLList(new GraphQLNonNull(kind.scalar)),
    pattern: () => GraphQLString,
    boolean: () => GraphQLBoolean,
    key: () => GraphQLString,
    keys: () => new GraphQLList(new GraphQLNonNull(GraphQLString)),
    cast: () => castType(comparison),
  };
  const fields: GraphQLInputFieldConfigMap = {};
  for (const columns of offeredFirst) {
    if (!offers(kind, columns)) continue;
    for (const operator of comparisonOperators) {
      const spec = comparisonOperatorSpec(operator);
      if (spec.columns !== columns || 'rulesOnly' in spec) continue;
      fields[operator] = { type: operandTypes[spec.operand as Exclude<ComparisonOperand, 'column'>]() };
    }
  }
  return fields;
}
