// How a column's PostgreSQL type shapes the SQL around it: the cast of a bound value (pg
// cannot always infer it), the value pg receives, and the JSON output. int8 and numeric are
// cast to text inside JSON, which would otherwise turn them into lossy JSON numbers
// (docs/field-notes.md#pg: money stays a decimal string).
import { sql, type RawBuilder } from 'kysely';

const textOutputTypes = new Set(['int8', 'numeric']);

/** The type name for a cast: `int4`, `uuid`, `text[]` (pg names arrays `_text`). */
export function sqlTypeName(dataType: string): string {
  return dataType.startsWith('_') ? `${dataType.slice(1)}[]` : dataType;
}

/** A bound value cast to the column's type (or its array type for `_in`/`_nin`). */
export function typedValue(value: unknown, dataType: string, asArray = false): RawBuilder<unknown> {
  const type = sqlTypeName(dataType) + (asArray ? '[]' : '');
  return sql`${value}::${sql.raw(type)}`;
}

/** JS value → what pg should receive: jsonb is sent as JSON text (pg would turn a JS array into a pg array). */
export function toDatabaseValue(dataType: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (dataType === 'jsonb' || dataType === 'json') return JSON.stringify(value);
  return value;
}

/** The column's value as it belongs in the JSON response. */
export function jsonOutput(expression: RawBuilder<unknown>, dataType: string): RawBuilder<unknown> {
  return textOutputTypes.has(dataType) ? sql`${expression}::text` : expression;
}
