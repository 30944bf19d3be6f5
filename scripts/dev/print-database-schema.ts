// `node scripts/dev/print-database-schema.ts <file>`: migrates a throwaway PostgreSQL, introspects it
// (scripts/codegen/database/database-generator.ts) and writes the schema as JSON to <file>. `npm run dev`
// runs it as a process of its own because the migrations are modules: a process that imported
// them once would not see a migration edited or added since (introspect-in-child.ts).
import { writeFileSync } from 'node:fs';
import { introspectFreshDatabase } from '../codegen/database/database-generator.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: node scripts/dev/print-database-schema.ts <file>');
writeFileSync(file, JSON.stringify(await introspectFreshDatabase()));
