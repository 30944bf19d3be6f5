// The property test's second data layer: test/data-layer/reference/extra-permissions.yaml compiled
// by codegen's own compiler and served by createDataLayer over the test service's database, the
// way the access review's replay serves another version of permissions.yaml
// (test/access-review/replay/version-server.ts). Its answers are judged by the same reference,
// reading the same YAML.
import { readFileSync } from 'node:fs';
import { databaseSchema } from '../../../generated/database/database-schema.ts';
import { compilePermissionsFile } from '../../../scripts/codegen/permissions/generate-permissions.ts';
import type { PermissionModel } from '../../../src/access/permission-model.ts';
import { createDatabase } from '../../../src/db/create-database.ts';
import { replayAdminSecret, startVersionServer } from '../../access-review/replay/version-server.ts';

export const extraPermissionsFile = 'test/data-layer/reference/extra-permissions.yaml';

export interface ExtraRulesServer {
  /** Where the data layer listens (`/v1/graphql` below it). */
  readonly dataUrl: string;
  /** Admin secret, X-Data-Role and the session headers: how the test acts as a role there. */
  headers(role: string, session: Readonly<Record<string, string>>): Record<string, string>;
  close(): Promise<void>;
}

export async function startExtraRulesServer(databaseUrl: string): Promise<ExtraRulesServer> {
  const compiled = compilePermissionsFile({
    yamlText: readFileSync(extraPermissionsFile, 'utf8'),
    fileName: extraPermissionsFile,
    database: databaseSchema,
  });
  const access = createDatabase({ url: databaseUrl, poolSize: 4 });
  const server = await startVersionServer(access, {
    model: compiled.model as PermissionModel,
    caslRules: compiled.caslRules,
  });
  return {
    dataUrl: server.url,
    headers: (role, session) => ({ 'x-data-admin-secret': replayAdminSecret, 'x-data-role': role, ...session }),
    async close() {
      await server.close();
      await access.db.destroy();
    },
  };
}
