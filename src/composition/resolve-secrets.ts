// The secrets a process needs: from the environment, else generated once and kept in
// DATA_DIR/secrets.json (docs/configuration.md#secrets). Shared by the service and the admin CLI.
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { loadLocalSecrets } from '../config/local-secrets.ts';
import { type KycDataKeyEntry, parseKycDataKeys } from '../config/kyc-data-keys-config.ts';

export interface ResolvedSecrets {
  adminApiKey: string;
  dataAdminSecret: string;
  signingKeySecret: string;
  embeddedPostgresPassword: string;
  /** KYC_DATA_KEYS, else the key generated into secrets.json (docs/kyc.md#keys). */
  kycDataKeys: readonly KycDataKeyEntry[];
  kycWebhookSecret: string;
}

export function resolveSecrets(config: Config, logger: Logger): ResolvedSecrets {
  const local = loadLocalSecrets(config.dataDir);
  const adminApiKey = config.adminApiKey ?? local.secrets.adminApiKey;
  const dataAdminSecret = config.dataAdminSecret ?? local.secrets.dataAdminSecret;
  const shown = local.created.filter(
    (name) =>
      (name === 'adminApiKey' && !config.adminApiKey) || (name === 'dataAdminSecret' && !config.dataAdminSecret),
  );
  if (shown.length > 0) {
    // Printed once, on the run that generated them; never logged again.
    const lines = shown.map(
      (name) =>
        `  ${name === 'adminApiKey' ? 'ADMIN_API_KEY' : 'DATA_ADMIN_SECRET'}=${name === 'adminApiKey' ? adminApiKey : dataAdminSecret}`,
    );
    process.stdout.write(
      `Generated secrets, stored in ${config.dataDir}/secrets.json (shown once):\n${lines.join('\n')}\n`,
    );
    logger.info({ generated: shown }, 'generated local secrets');
  }
  const signingKeySecret = config.signingKeySecret ?? local.secrets.signingKeySecret;
  return {
    adminApiKey,
    dataAdminSecret,
    signingKeySecret,
    embeddedPostgresPassword: local.secrets.embeddedPostgresPassword,
    kycDataKeys: config.kycDataKeys ?? storedKycDataKeys(local.secrets.kycDataKeys, config.dataDir),
    kycWebhookSecret: config.kycWebhookSecret ?? local.secrets.kycWebhookSecret,
  };
}

function storedKycDataKeys(stored: string, dataDir: string): readonly KycDataKeyEntry[] {
  const problems: string[] = [];
  const entries = parseKycDataKeys(stored, `kycDataKeys of ${dataDir}/secrets.json`, problems);
  if (!entries) throw new Error(problems.join('; ') || `kycDataKeys of ${dataDir}/secrets.json is empty`);
  return entries;
}
