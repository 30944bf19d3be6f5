// The update operators' arguments of one table's update fields (docs/data-layer.md#update-operators),
// Hasura's names and shapes: `_set: <t>_set_input`, `_inc: <t>_inc_input`, `_append`, `_prepend`,
// `_delete_key`, `_delete_elem`, `_delete_at_path`, each input listing only the columns the update
// rule lets a client give (its columns minus presets) of a kind the operator takes; an operator
// with no such column is not offered. Also `update_<t>_many` and its `<t>_updates` element.
import {
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import type { ColumnModel } from '../../access/permission-model.ts';
import {
  updateOperatorNames,
  updateOperators,
  type UpdateOperatorName,
} from '../../records/data-layer-sql/update-operators.ts';
import { jsonbScalar } from './scalar-types.ts';
import { dataLayerExtensions } from './schema-metadata.ts';
import { columnInputType } from './table-object-types.ts';

interface OperatorSchema {
  /** The operand's GraphQL type for a column. */
  readonly operandType: (column: ColumnModel) => GraphQLInputType;
  readonly description: string;
  readonly typeDescription: (table: string) => string;
}

const jsonbOperand = () => jsonbScalar;

// Hasura v2's descriptions, so a client generated against Hasura reads the same schema.
const operatorSchemas: Readonly<Record<UpdateOperatorName, OperatorSchema>> = {
  _set: {
    operandType: columnInputType,
    description: 'sets the columns of the filtered rows to the given values',
    typeDescription: (table) => `input type for updating data in table "${table}"`,
  },
  _inc: {
    operandType: columnInputType,
    description: 'increments the numeric columns with given value of the filtered values',
    typeDescription: (table) => `input type for incrementing numeric columns in table "${table}"`,
  },
  _append: {
    operandType: jsonbOperand,
    description: 'append existing jsonb value of filtered columns with new jsonb value',
    typeDescription: () => 'append existing jsonb value of filtered columns with new jsonb value',
  },
  _prepend: {
    operandType: jsonbOperand,
    description: 'prepend existing jsonb value of filtered columns with new jsonb value',
    typeDescription: () => 'prepend existing jsonb value of filtered columns with new jsonb value',
  },
  _delete_key: {
    operandType: () => GraphQLString,
    description: 'delete key/value pair or string element. key/value pairs are matched based on their key value',
    typeDescription: () =>
      'delete key/value pair or string element. key/value pairs are matched based on their key value',
  },
  _delete_elem: {
    operandType: () => GraphQLInt,
    description:
      'delete the array element with specified index (negative integers count from the end). throws an error if top level container is not an array',
    typeDescription: () =>
      'delete the array element with specified index (negative integers count from the end). throws an error if top level container is not an array',
  },
  _delete_at_path: {
    operandType: () => new GraphQLList(new GraphQLNonNull(GraphQLString)),
    description:
      'delete the field or element with specified path (for JSON arrays, negative integers count from the end)',
    typeDescription: () =>
      'delete the field or element with specified path (for JSON arrays, negative integers count from the end)',
  },
};

function operatorInput(table: string, name: UpdateOperatorName, columns: readonly ColumnModel[]) {
  const schema = operatorSchemas[name];
  return new GraphQLInputObjectType({
    name: `${table}${name}_input`,
    description: schema.typeDescription(table),
    fields: Object.fromEntries(
      columns.map((column) => [
        column.name,
        {
          type: schema.operandType(column),
          extensions: dataLayerExtensions({ kind: 'column', column: column.name }),
        },
      ]),
    ),
  });
}

/**
 * The operator arguments of `update_<t>`, `update_<t>_by_pk` and `<t>_updates`, built once per
 * table (a schema holds one type per name), in Hasura's (alphabetical) order.
 */
export function updateOperatorArgs(table: string, columns: readonly ColumnModel[]): GraphQLFieldConfigArgumentMap {
  const args: GraphQLFieldConfigArgumentMap = {};
  for (const name of [...updateOperatorNames].sort()) {
    const taken = columns.filter((column) => updateOperators[name].appliesTo(column.dataType));
    if (taken.length === 0) continue;
    args[name] = { type: operatorInput(table, name, taken), description: operatorSchemas[name].description };
  }
  return args;
}

/** `update_<t>_many(updates: [<t>_updates!]!): [<t>_mutation_response]`. */
export function updateManyField(
  table: string,
  operatorArgs: GraphQLFieldConfigArgumentMap,
  boolExp: GraphQLInputObjectType,
  response: GraphQLObjectType,
): GraphQLFieldConfig<unknown, unknown> {
  const fields: GraphQLInputFieldConfigMap = { ...operatorArgs };
  fields.where = { type: new GraphQLNonNull(boolExp), description: 'filter the rows which have to be updated' };
  const updates = new GraphQLInputObjectType({ name: `${table}_updates`, fields });
  return {
    type: new GraphQLList(response),
    description: `update multiples rows of table: "${table}"`,
    args: {
      updates: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(updates))),
        description: 'updates to execute, in order',
      },
    },
    extensions: dataLayerExtensions({ kind: 'update_many', table }),
  };
}
