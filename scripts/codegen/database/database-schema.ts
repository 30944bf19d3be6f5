export type { DbColumn, DbForeignKey, DbSchema, DbTable } from '../../../src/db/database-schema-types.ts';
