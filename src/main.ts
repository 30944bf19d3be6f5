// Process entry of `npm start`: configuration, the service, graceful shutdown on SIGTERM.
import { ConfigError, loadConfig } from './config/config.ts';
import { createLogger } from './observability/logger.ts';
import { startService } from './service/start-service.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(config.logLevel);
const service = await startService(config, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, 'service failed to start');
  process.exit(1);
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  await service.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
