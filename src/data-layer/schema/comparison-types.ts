// `<scalar>_comparison_exp` inputs (Hasura's names): _eq _neq _gt _lt _gte _lte _in _nin
// _is_null, plus _like/_ilike for text. Array columns compare as whole values only.
import { GraphQLBoolean, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLString, type GraphQLInputFieldConfigMap } from 'graphql';
import { comparisonTypeName, type ColumnKind } from './column-kinds.ts';

export type ComparisonTypes = (kind: ColumnKind) => GraphQLInputObjectType;

export function createComparisonTypes(): ComparisonTypes {
  const created = new Map<string, GraphQLInputObjectType>();
  return (kind) => {
    const name = comparisonTypeName(kind);
    let type = created.get(name);
    if (!type) {
      type = new GraphQLInputObjectType({ name, description: `Compares a ${kind.list ? `${kind.scalar.name} array` : kind.scalar.name} column.`, fields: comparisonFields(kind) });
      created.set(name, type);
    }
    return type;
  };
}

function comparisonFields(kind: ColumnKind): GraphQLInputFieldConfigMap {
  const value = kind.list ? new GraphQLList(new GraphQLNonNull(kind.scalar)) : kind.scalar;
  const fields: GraphQLInputFieldConfigMap = {
    _eq: { type: value },
    _neq: { type: value },
    _is_null: { type: GraphQLBoolean },
  };
  if (kind.list) return fields;
  const list = new GraphQLList(new GraphQLNonNull(kind.scalar));
  Object.assign(fields, {
    _gt: { type: value }, _lt: { type: value }, _gte: { type: value }, _lte: { type: value },
    _in: { type: list }, _nin: { type: list },
  });
  if (kind.text) Object.assign(fields, { _like: { type: GraphQLString }, _ilike: { type: GraphQLString } });
  return fields;
}
