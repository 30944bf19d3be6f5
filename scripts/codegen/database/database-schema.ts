// The catalog shape the database generator introspects, shared with src/ (docs/architecture.md#code-generation).
export type { DbColumn, DbForeignKey, DbSchema, DbTable } from '../../../src/db/database-schema-types.ts';
