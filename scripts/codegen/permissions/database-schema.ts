// The introspected database the rules are checked against. The shape is owned by src/db
// (the introspection and the data layer read it too), so it is re-exported, not copied.
export type {
  DbColumn,
  DbForeignKey,
  DbSchema,
  DbTable,
  DbUniqueConstraint,
} from '../../../src/db/database-schema-types.ts';
