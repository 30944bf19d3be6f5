// loadConfig on its own (docs/configuration.md): defaults with nothing set, every invalid
// setting listed at once, what production requires, and the identity settings.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

test('defaults need nothing configured', () => {
  const config = loadConfig({});
  assert.is(config.host, '127.0.0.1');
  assert.is(config.port, 3000);
  assert.is(config.dataPort, 3001);
  assert.is(config.publicUrl, 'http://127.0.0.1:3000');
  assert.is(config.dataPublicUrl, 'http://127.0.0.1:3001');
  assert.is(config.databaseUrl, undefined);
  assert.is(config.seed, undefined);
  assert.is(config.logLevel, 'info');
  assert.equal(config.timeouts, { dbStatementMs: 10_000, dbConnectMs: 5_000, requestMs: 30_000 });
  assert.ok(Object.isFrozen(config) && Object.isFrozen(config.oidc));
});

test('every invalid setting is listed at once', () => {
  try {
    loadConfig({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      SEED: 'maybe',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'not a url',
      ADMIN_API_KEY: 'short',
    });
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.instance(error, ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    assert.match(problems, /PORT must be a TCP port number/);
    assert.match(problems, /DATABASE_URL must use one of postgres:, postgresql:/);
    assert.match(problems, /SEED must be one of demo, none, got 'maybe'/);
    assert.match(problems, /LOG_LEVEL must be one of/);
    assert.match(problems, /PUBLIC_URL must be an absolute URL/);
    assert.match(problems, /ADMIN_API_KEY must be at least 24 characters/);
  }
});

test('production requires its secrets and an external database', () => {
  assert.throws(
    () => loadConfig({ NODE_ENV: 'production' }),
    (error: ConfigError) =>
      ['ADMIN_API_KEY', 'DATA_ADMIN_SECRET', 'SIGNING_KEY_SECRET', 'DATABASE_URL', 'PUBLIC_URL', 'OIDC_ISSUER'].every(
        (name) => error.problems.some((p) => p.startsWith(name)),
      ),
  );
});

test('cost limits of the business API: defaults, 0 disables, the budget must hold the maximum', () => {
  const defaults = loadConfig({});
  assert.equal([defaults.graphqlMaxCost, defaults.graphqlCostRateLimit], [1_000, 20_000]);
  const off = loadConfig({ GRAPHQL_MAX_COST: '0', GRAPHQL_COST_RATE_LIMIT: '0' });
  assert.equal([off.graphqlMaxCost, off.graphqlCostRateLimit], [0, 0]);
  assert.throws(
    () => loadConfig({ GRAPHQL_MAX_COST: '500', GRAPHQL_COST_RATE_LIMIT: '100' }),
    (error: ConfigError) =>
      error.problems.includes('GRAPHQL_COST_RATE_LIMIT (100) must be at least GRAPHQL_MAX_COST (500), or 0: off'),
  );
  assert.throws(
    () => loadConfig({ GRAPHQL_MAX_COST: '0', GRAPHQL_COST_RATE_LIMIT: '100' }),
    (error: ConfigError) =>
      error.problems.includes(
        'GRAPHQL_COST_RATE_LIMIT (100) must be at least GRAPHQL_MAX_COST (no maximum), or 0: off',
      ),
  );
});

test('identity settings: return-to origins, rate limit, KYC provider credentials', () => {
  const config = loadConfig({
    RETURN_TO_ORIGINS: 'https://app.example.org, http://localhost:5173',
    AUTH_RATE_LIMIT: '0',
    API_RATE_LIMIT: '7',
    UPLOAD_RATE_LIMIT: '0',
  });
  assert.equal(config.returnToOrigins, ['https://app.example.org', 'http://localhost:5173']);
  assert.is(config.authRateLimit, 0);
  assert.is(config.apiRateLimit, 7);
  assert.is(config.uploadRateLimit, 0);
  assert.is(loadConfig({}).apiRateLimit, 6_000);
  assert.is(loadConfig({}).uploadRateLimit, 30);
  assert.throws(
    () =>
      loadConfig({
        RETURN_TO_ORIGINS: 'https://app.example.org/path,ftp://x',
        AUTH_RATE_LIMIT: '-1',
        KYC_URL: 'https://kyc.example.org',
      }),
    (error: ConfigError) =>
      error.problems.some((p) =>
        p.includes("origins (scheme://host[:port]) only, got 'https://app.example.org/path'"),
      ) &&
      error.problems.some((p) => p.includes("got 'ftp://x'")) &&
      error.problems.some((p) => p.startsWith('AUTH_RATE_LIMIT must be a whole number')) &&
      error.problems.some((p) => p.startsWith('KYC_APP_TOKEN and KYC_SECRET_KEY are required')),
  );
});

test('PORT and DATA_PORT must differ; trailing slashes are dropped from public URLs', () => {
  assert.throws(() => loadConfig({ PORT: '4000', DATA_PORT: '4000' }), /PORT and DATA_PORT must differ/);
  assert.is(loadConfig({ PUBLIC_URL: 'https://api.example.com/' }).publicUrl, 'https://api.example.com');
});

test('database waits must end before the request deadline; 0 switches one off', () => {
  assert.equal(
    loadConfig({ DB_STATEMENT_TIMEOUT_MS: '1000', DB_CONNECT_TIMEOUT_MS: '0', REQUEST_TIMEOUT_MS: '1500' }).timeouts,
    { dbStatementMs: 1_000, dbConnectMs: 0, requestMs: 1_500 },
  );
  assert.equal(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '0' }).timeouts, {
    dbStatementMs: 60_000,
    dbConnectMs: 5_000,
    requestMs: 0,
  });
  try {
    loadConfig({ DB_STATEMENT_TIMEOUT_MS: '30000', DB_CONNECT_TIMEOUT_MS: '31000', REQUEST_TIMEOUT_MS: '-1' });
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.equal((error as ConfigError).problems, [
      "REQUEST_TIMEOUT_MS must be a whole number >= 0, got '-1'",
      'DB_STATEMENT_TIMEOUT_MS must be below REQUEST_TIMEOUT_MS (or 0: none)',
      'DB_CONNECT_TIMEOUT_MS must be below REQUEST_TIMEOUT_MS (or 0: none)',
    ]);
  }
});

test('RESULT_CACHE_MB bounds the in-process result cache: 64 by default, 0 keeps none', () => {
  assert.is(loadConfig({}).resultCacheMb, 64);
  assert.is(loadConfig({ RESULT_CACHE_MB: '0' }).resultCacheMb, 0);
  assert.throws(() => loadConfig({ RESULT_CACHE_MB: '1.5' }), /RESULT_CACHE_MB must be a whole number >= 0, got '1.5'/);
});

test.run();
