// `npm run bench` (identity part): latency of `GET /auth/session` with a platform bearer token
// through the whole stack (rate limit, JWT verification, session lookup, user profile), under
// a short local load. Prints median, p99 and requests per second.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSessionStore } from '../src/stores/session-store.ts';
import { createSigningKeyStore } from '../src/stores/signing-key-store.ts';
import { createUserDirectory } from '../src/stores/user-directory.ts';
import { loadConfig } from '../src/config/config.ts';
import { createKeyEncryption } from '../src/domain/identity/key-encryption.ts';
import { createPlatformTokens, platformAudiences } from '../src/domain/identity/platform-tokens.ts';
import { createSessionService } from '../src/domain/identity/session-service.ts';
import { createSigningKeyRing } from '../src/domain/identity/signing-key-ring.ts';
import { issueAccessToken } from '../src/domain/identity/token-exchange.ts';
import { createLogger } from '../src/observability/logger.ts';
import { startService } from '../src/composition/start-service.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const signingKeySecret = 'bench-signing-key-secret-0123456789abcdef';

const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-auth-'));
const config = loadConfig({
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  PORT: '0',
  DATA_PORT: '0',
  DATA_DIR: dataDir,
  SEED: 'demo',
  SIGNING_KEY_SECRET: signingKeySecret,
  AUTH_RATE_LIMIT: '0',
  LOG_LEVEL: 'silent',
});
const service = await startService(config, createLogger('silent'));
try {
  // A real session and access token for demo-alice, made by the same code as token exchange.
  const keys = createSigningKeyRing({
    store: createSigningKeyStore(service.db),
    encryption: createKeyEncryption(signingKeySecret),
  });
  const tokens = createPlatformTokens({
    issuer: service.url,
    keys,
    audiences: platformAudiences(service.url, service.dataUrl),
  });
  const profile = await createUserDirectory(service.db).find('demo-alice');
  if (!profile) throw new Error('demo data missing');
  const session = await createSessionService({ store: createSessionStore(service.db) }).create(profile.id, 3600);
  const { token } = await issueAccessToken(tokens, profile, session.sessionId);

  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL('/auth/session', service.url);
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const request = http.get(target, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`status ${response.statusCode}`)),
        );
      });
      request.on('error', reject);
    });

  for (let i = 0; i < 200; i += 1) await get(); // warm-up: JIT, pools, key cache
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) latencies.push(await get());
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2);
  const database = config.databaseUrl ? 'external PostgreSQL' : 'embedded PostgreSQL';
  console.log(`GET /auth/session with a bearer token (${database}, ${connections} connections, ${seconds} s)`);
  console.log(
    `  requests ${latencies.length}  ${(latencies.length / elapsed).toFixed(0)} req/s  median ${at(0.5)} ms  p90 ${at(0.9)} ms  p99 ${at(0.99)} ms`,
  );
  agent.destroy();
} finally {
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
}
