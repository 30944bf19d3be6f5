// A generated case → the GraphQL document a client would send (Hasura's field and argument
// names). Operands are inline literals typed by the column: Int for int2/int4, Boolean for
// bool, a string for everything else (numeric, bigint, uuid, dates and enums travel as text).
import type { AggregateSelection, DataCase, ListArguments, OrderKey, RootField, Selection } from './data-case.ts';
import type { ReferenceDatabase } from './reference-database.ts';
import type { BoolExpJson, ReferenceRules } from './reference-rules.ts';

export function renderGraphql(dataCase: DataCase, rules: ReferenceRules, database: ReferenceDatabase): string {
  const render = renderer(rules, database);
  return `query {\n${dataCase.rootFields.map((field, index) => `  r${index}: ${render.rootField(field)}`).join('\n')}\n}`;
}

/** A JSON value as a GraphQL literal (jsonb operands, `_cast`'s input object, patterns). */
function jsonLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonLiteral).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => {
        if (!/^[_A-Za-z][_0-9A-Za-z]*$/.test(key)) throw new Error(`render: '${key}' is not a GraphQL name`);
        return `${key}: ${jsonLiteral(item)}`;
      })
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

function renderer(rules: ReferenceRules, database: ReferenceDatabase) {
  const literal = (table: string, column: string, value: unknown): string => {
    if (Array.isArray(value)) return `[${value.map((item) => literal(table, column, item)).join(', ')}]`;
    if (typeof value === 'boolean') return String(value);
    const type = database.table(table).columnTypes.get(column);
    if (type === 'int2' || type === 'int4') return String(Number(value));
    if (type === 'bool') return String(value === 'true');
    return JSON.stringify(String(value));
  };

  const boolExp = (table: string, expression: BoolExpJson): string =>
    `{${Object.entries(expression)
      .map(([key, operand]) => {
        if (key === '_and' || key === '_or')
          return `${key}: [${(operand as BoolExpJson[]).map((item) => boolExp(table, item)).join(', ')}]`;
        if (key === '_not') return `${key}: ${boolExp(table, operand as BoolExpJson)}`;
        const relationship = rules.relationships(table).find((candidate) => candidate.name === key);
        if (relationship) return `${key}: ${boolExp(relationship.remoteTable, operand as BoolExpJson)}`;
        const jsonb = database.table(table).columnTypes.get(key) === 'jsonb';
        const comparisons = Object.entries(operand as Record<string, unknown>).map(
          ([operator, value]) =>
            `${operator}: ${jsonb || typeof value === 'boolean' || operator.endsWith('like') ? jsonLiteral(value) : literal(table, key, value)}`,
        );
        return `${key}: {${comparisons.join(', ')}}`;
      })
      .join(', ')}}`;

  const orderKey = (key: OrderKey): string =>
    key.path.reduceRight((inner, relationship) => `{${relationship}: ${inner}}`, `{${key.column}: ${key.direction}}`);

  const listArguments = (table: string, args: ListArguments): string => {
    const parts: string[] = [];
    if (args.where) parts.push(`where: ${boolExp(table, args.where)}`);
    if (args.orderBy.length > 0) parts.push(`order_by: [${args.orderBy.map(orderKey).join(', ')}]`);
    if (args.distinctOn) parts.push(`distinct_on: [${args.distinctOn.join(', ')}]`);
    if (args.limit !== undefined) parts.push(`limit: ${args.limit}`);
    if (args.offset !== undefined) parts.push(`offset: ${args.offset}`);
    return parts.length > 0 ? `(${parts.join(', ')})` : '';
  };

  const aggregateFields = (aggregate: AggregateSelection): string => {
    const parts: string[] = [];
    if (aggregate.count) parts.push('count');
    for (const name of ['sum', 'avg', 'min', 'max'] as const) {
      if (aggregate[name].length > 0) parts.push(`${name} { ${aggregate[name].join(' ')} }`);
    }
    return parts.join(' ');
  };

  const selection = (table: string, selected: Selection): string => {
    const fields = [...selected.columns];
    for (const relation of selected.relations) {
      const relationship = rules.relationships(table).find((candidate) => candidate.name === relation.name);
      if (!relationship) throw new Error(`render: '${relation.name}' is not a relationship of '${table}'`);
      const args = relationship.kind === 'array' ? listArguments(relationship.remoteTable, relation.args) : '';
      if (relation.aggregate) {
        const nodes =
          relation.selection.columns.length > 0
            ? ` nodes ${selection(relationship.remoteTable, relation.selection)}`
            : '';
        fields.push(
          `${relation.name}_aggregate${args} { aggregate { ${aggregateFields(relation.aggregate)} }${nodes} }`,
        );
      } else fields.push(`${relation.name}${args} ${selection(relationship.remoteTable, relation.selection)}`);
    }
    return `{ ${fields.join(' ')} }`;
  };

  const rootField = (field: RootField): string => {
    switch (field.kind) {
      case 'list':
        return `${field.table}${listArguments(field.table, field.args)} ${selection(field.table, field.selection)}`;
      case 'by_pk': {
        const key = Object.entries(field.key)
          .map(([column, value]) => `${column}: ${literal(field.table, column, value)}`)
          .join(', ');
        return `${field.table}_by_pk(${key}) ${selection(field.table, field.selection)}`;
      }
      case 'aggregate': {
        const nodes = field.nodes ? ` nodes ${selection(field.table, field.nodes)}` : '';
        return `${field.table}_aggregate${listArguments(field.table, field.args)} { aggregate { ${aggregateFields(field.aggregate)} }${nodes} }`;
      }
    }
  };

  return { rootField };
}
