// `node scripts/dev/print-database-schema.ts <file>`: migrates a throwaway PostgreSQL, introspects it
// (scripts/codegen/database/database-generator.ts) and writes the schema as JSON to <file>. `npm run dev`
// runs it as a process of its own because the migrations are modules: a process that imported
// them once would not see a migration edited or added since (introspect-in-child.ts). A migration
// that fails is printed as `file:line:col: message` on stderr, exit code 1.
import { writeFileSync } from 'node:fs';
import { introspectFreshDatabase } from '../codegen/database/database-generator.ts';
import { SpecProblemsError } from '../../src/spec-problems/spec-problems-error.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: node scripts/dev/print-database-schema.ts <file>');
try {
  writeFileSync(file, JSON.stringify(await introspectFreshDatabase()));
} catch (error) {
  // A failed migration: its `file:line:col: message` line on stderr, which the loop prints.
  if (!(error instanceof SpecProblemsError)) throw error;
  process.stderr.write(`${error.errors.join('\n')}\n`);
  process.exitCode = 1;
}
