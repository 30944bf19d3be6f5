// `npm run access -- diff` reads permissions.yaml at git refs (docs/access-review.md#diff) and
// needs codegen's compiler to turn each into the compiled model, which src/ may not import
// (docs/architecture.md#layers): src/cli/access-commands.ts runs this file as a child process.
// Arguments: refs (`-` is the working tree); prints the compiled models as one JSON array.
// Every version compiles against today's database schema (generated/database/database-schema.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gitFileAt } from '../src/cli/git-file-at.ts';
import { databaseSchema } from '../generated/database/database-schema.ts';
import { compilePermissionsFile, PermissionsFileError } from './codegen/permissions/generate-permissions.ts';

const root = path.resolve(import.meta.dirname, '..');

function yamlAt(ref: string): { text: string; name: string } {
  if (ref === '-') return { text: readFileSync(path.join(root, 'permissions.yaml'), 'utf8'), name: 'permissions.yaml' };
  try {
    return { text: gitFileAt(root, ref, 'permissions.yaml'), name: `${ref}:permissions.yaml` };
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
}

const models = process.argv.slice(2).map((ref) => {
  const { text, name } = yamlAt(ref);
  try {
    return compilePermissionsFile({ yamlText: text, fileName: name, database: databaseSchema }).model;
  } catch (error) {
    if (error instanceof PermissionsFileError) {
      process.stderr.write(`${name} does not compile:\n${error.errors.join('\n')}\n`);
      process.exit(2);
    }
    throw error;
  }
});
process.stdout.write(JSON.stringify(models));
