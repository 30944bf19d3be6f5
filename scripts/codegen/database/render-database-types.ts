// Renders the Kysely `Database` interface from the introspected schema
// (docs/code-generation.md). Types follow what `pg` returns: int8 and numeric as
// strings, timestamps as Date.
import type { GeneratedFile } from '../shared/generated-file.ts';
import { json, tsBanner } from '../shared/generated-file.ts';
import type { DbColumn, DbSchema } from './database-schema.ts';

const scalarTypes: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'string',
  float4: 'number',
  float8: 'number',
  numeric: 'string',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  inet: 'string',
  date: 'Date',
  timestamptz: 'Date',
  timestamp: 'Date',
  bytea: 'Buffer',
  json: 'Json',
  jsonb: 'Json',
};

function columnType(column: DbColumn): string {
  const isArray = column.dataType.startsWith('_');
  const base = scalarTypes[isArray ? column.dataType.slice(1) : column.dataType];
  if (!base) throw new Error(`no TypeScript mapping for PostgreSQL type '${column.dataType}' (column ${column.name})`);
  let type = isArray ? `${base}[]` : base;
  if (base === 'Date') type = `ColumnType<${type}, ${type} | string, ${type} | string>`;
  if (column.isNullable) type = `${type} | null`;
  return column.hasDefault ? `Generated<${type}>` : type;
}

function pascal(name: string): string {
  return name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

export function renderDatabaseTypes(schema: DbSchema): GeneratedFile[] {
  const banner = tsBanner('scripts/codegen/database', 'src/db/migrations');
  const lines = [
    banner,
    "import type { ColumnType } from 'kysely';",
    '',
    'export type Generated<T> = T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;',
    'export type Json = ColumnType<unknown, string, string>;',
    '',
  ];
  for (const table of schema.tables) {
    lines.push(`export interface ${pascal(table.name)}Table {`);
    for (const column of table.columns) lines.push(`  ${column.name}: ${columnType(column)};`);
    lines.push('}', '');
  }
  lines.push('export interface Database {');
  for (const table of schema.tables) lines.push(`  ${table.name}: ${pascal(table.name)}Table;`);
  lines.push('}', '');
  return [
    { path: 'generated/database/database.ts', contents: lines.join('\n') },
    {
      path: 'generated/database/database-schema.ts',
      contents: `${banner}import type { DbSchema } from '../../src/db/database-schema-types.ts';\n\nexport const databaseSchema: DbSchema = ${json(schema).trimEnd()};\n`,
    },
  ];
}
