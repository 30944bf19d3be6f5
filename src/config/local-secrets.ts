// Secrets the embedded setup generates on first start and keeps in DATA_DIR
// (docs/configuration.md#secrets), so `npm start` works with nothing configured. Production
// requires them from the environment.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LocalSecrets {
  adminApiKey: string;
  dataAdminSecret: string;
  embeddedPostgresPassword: string;
  signingKeySecret: string;
}

export interface LoadedSecrets {
  secrets: LocalSecrets;
  /** Names of the secrets created just now: the caller prints them once. */
  created: (keyof LocalSecrets)[];
}

const fileName = 'secrets.json';

export function loadLocalSecrets(dataDir: string): LoadedSecrets {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, fileName);
  let stored: Partial<LocalSecrets> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const created: (keyof LocalSecrets)[] = [];
  const take = (name: keyof LocalSecrets, prefix: string): string => {
    const existing = stored[name];
    if (typeof existing === 'string' && existing.length >= 24) return existing;
    created.push(name);
    return prefix + randomBytes(24).toString('base64url');
  };
  const secrets: LocalSecrets = {
    adminApiKey: take('adminApiKey', 'adm_'),
    dataAdminSecret: take('dataAdminSecret', 'das_'),
    embeddedPostgresPassword: take('embeddedPostgresPassword', ''),
    signingKeySecret: take('signingKeySecret', ''),
  };
  if (created.length > 0) writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return { secrets, created };
}
