// `npm run admin -- <command>`: the operator shell around admin-commands.ts. Uses the same
// configuration and database as the service (DATABASE_URL, or the embedded one in DATA_DIR
// when the service is not running).
import { createApiKeyStore } from '../access/credentials/api-key-store.ts';
import { createSigningKeyStore } from '../access/credentials/signing-key-store.ts';
import { ConfigError, loadConfig } from '../config/config.ts';
import { createDatabase } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createApiKeyService } from '../domain/identity/api-key-service.ts';
import { createKeyEncryption } from '../domain/identity/key-encryption.ts';
import { createSigningKeyRing } from '../domain/identity/signing-key-ring.ts';
import { createLogger } from '../observability/logger.ts';
import { resolveDatabase } from '../service/resolve-database.ts';
import { resolveSecrets } from '../service/resolve-secrets.ts';
import { CommandError, runAdminCommand, usage, UsageError } from './admin-commands.ts';

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(usage);
  process.exit(argv.length === 0 ? 1 : 0);
}

let exitCode = 0;
try {
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const secrets = resolveSecrets(config, logger);
  const database = await resolveDatabase(config, secrets.embeddedPostgresPassword, logger);
  const { db } = createDatabase({ url: database.url, poolSize: 2, applicationName: 'wealth-platform-admin' });
  try {
    await migrateToLatest(db);
    const signingKeys = createSigningKeyStore(db);
    await runAdminCommand(argv, {
      keys: createSigningKeyRing({ store: signingKeys, encryption: createKeyEncryption(secrets.signingKeySecret) }),
      signingKeys,
      apiKeys: createApiKeyService({ store: createApiKeyStore(db) }),
      out: (line) => process.stdout.write(`${line}\n`),
    });
  } finally {
    await db.destroy();
    await database.stop();
  }
} catch (error) {
  exitCode = 1;
  if (error instanceof UsageError) process.stderr.write(`error: ${error.message}\n\n${usage}`);
  else if (error instanceof CommandError) process.stderr.write(`error: ${error.message}\n`);
  else if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
}
process.exit(exitCode);
