// The migrated database's schema for `npm run dev`, from a fresh process each time
// (print-database-schema.ts says why); the loop keeps the result until a migration changes.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DbSchema } from '../codegen/permissions/database-schema.ts';

const run = promisify(execFile);

export async function introspectInChild(root: string): Promise<DbSchema> {
  const folder = mkdtempSync(path.join(tmpdir(), 'dev-database-schema-'));
  const file = path.join(folder, 'schema.json');
  try {
    await run(process.execPath, [path.join(root, 'scripts/dev/print-database-schema.ts'), file], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    });
    return JSON.parse(readFileSync(file, 'utf8')) as DbSchema;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
