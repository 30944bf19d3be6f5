// The catalog shape the database generator introspects, shared with src/ (docs/code-generation.md).
export type {
  DbColumn,
  DbForeignKey,
  DbSchema,
  DbTable,
  DbUniqueConstraint,
} from '../../../src/db/database-schema-types.ts';
