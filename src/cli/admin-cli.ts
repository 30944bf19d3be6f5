// `npm run admin -- <command>`: the operator shell around admin-commands.ts. Reads the command
// line before anything else, so a usage error or `--help` opens no database. Uses the same
// configuration and database as the service (docs/identity.md "API keys"): DATABASE_URL, the
// running service's embedded PostgreSQL, or the embedded one in DATA_DIR started for the command.
import { createApiKeyStore } from '../stores/api-key-store.ts';
import { createKycQuestionnaireTable } from '../records/kyc/kyc-questionnaire-table.ts';
import { createKycDataKeyRing } from '../domain/kyc/kyc-data-key-ring.ts';
import { createSigningKeyStore } from '../stores/signing-key-store.ts';
import { ConfigError, loadConfig } from '../config/config.ts';
import { createDatabase } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createApiKeyService } from '../domain/identity/api-key-service.ts';
import { createKeyEncryption } from '../domain/identity/key-encryption.ts';
import { createSigningKeyRing } from '../domain/identity/signing-key-ring.ts';
import { createLogger } from '../observability/logger.ts';
import { resolveSecrets } from '../composition/resolve-secrets.ts';
import { resolveAdminDatabase } from './admin-database.ts';
import { assertCustodianReachable, reconcileWith } from './admin-reconciliation.ts';
import { CommandError, type DatabaseCommand, runAdminCommand } from './admin-commands.ts';
import { type AdminCommand, parseAdminCommand, usage, UsageError } from './parse-admin-command.ts';

let command: AdminCommand;
try {
  command = parseAdminCommand(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`error: ${error.message}\n\n${usage}`);
  process.exit(1);
}
if (command.name === 'help') {
  process.stdout.write(usage);
  process.exit(0);
}

process.exit(await run(command));

async function run(command: DatabaseCommand): Promise<number> {
  try {
    const config = loadConfig();
    assertCustodianReachable(command, config);
    const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
    const secrets = resolveSecrets(config, logger);
    const database = await resolveAdminDatabase(config, secrets.embeddedPostgresPassword, logger);
    const { db } = createDatabase({ url: database.url, poolSize: 2, applicationName: 'wealth-platform-admin' });
    try {
      await migrateToLatest(db);
      const signingKeys = createSigningKeyStore(db);
      return await runAdminCommand(command, {
        keys: createSigningKeyRing({ store: signingKeys, encryption: createKeyEncryption(secrets.signingKeySecret) }),
        signingKeys,
        apiKeys: createApiKeyService({ store: createApiKeyStore(db) }),
        kyc: { questionnaires: createKycQuestionnaireTable(db), keys: createKycDataKeyRing(secrets.kycDataKeys) },
        reconcile: reconcileWith(config, db, logger),
        out: (line) => process.stdout.write(`${line}\n`),
      });
    } finally {
      await db.destroy();
      await database.stop();
    }
  } catch (error) {
    if (error instanceof UsageError) process.stderr.write(`error: ${error.message}\n\n${usage}`);
    else if (error instanceof CommandError) process.stderr.write(`error: ${error.message}\n`);
    else if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
