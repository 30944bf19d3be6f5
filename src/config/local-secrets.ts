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
  /** One `id:base64key` entry of KYC_DATA_KEYS (docs/kyc.md#keys). */
  kycDataKeys: string;
  kycWebhookSecret: string;
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
  const take = (name: keyof LocalSecrets, prefix: string, generate = () => randomBytes(24).toString('base64url')) => {
    const existing = stored[name];
    if (typeof existing === 'string' && existing.length >= 24) return existing;
    created.push(name);
    return prefix + generate();
  };
  const secrets: LocalSecrets = {
    adminApiKey: take('adminApiKey', 'adm_'),
    dataAdminSecret: take('dataAdminSecret', 'das_'),
    embeddedPostgresPassword: take('embeddedPostgresPassword', ''),
    signingKeySecret: take('signingKeySecret', ''),
    kycDataKeys: take('kycDataKeys', 'local-', generatedKycDataKey),
    kycWebhookSecret: take('kycWebhookSecret', 'whs_'),
  };
  if (created.length > 0) writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return { secrets, created };
}

/** `<8 hex>:<32 random bytes, base64>`, after the `local-` prefix: an id that says where the key came from. */
function generatedKycDataKey(): string {
  return `${randomBytes(4).toString('hex')}:${randomBytes(32).toString('base64')}`;
}
