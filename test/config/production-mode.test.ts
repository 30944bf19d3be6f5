// What production mode requires, exactly as docs/configuration.md "Production mode" and the
// README's NODE_ENV row state it: nine settings, each one's absence refused with its own
// problem (and KYC_WEBHOOK_SECRET with a real KYC provider), and only the exact value
// `production` turns the mode on. It also switches the API explorer off unless API_EXPLORER is set, and
// response validation (docs/requests.md#response-validation) unless RESPONSE_VALIDATION is set.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

const complete = {
  NODE_ENV: 'production',
  ADMIN_API_KEY: 'admin-api-key-0123456789abcdef',
  DATA_ADMIN_SECRET: 'data-admin-secret-0123456789',
  SIGNING_KEY_SECRET: 'signing-key-secret-0123456789abcdef',
  KYC_DATA_KEYS: `2026-01:${Buffer.alloc(32, 7).toString('base64')}`,
  DATABASE_URL: 'postgres://platform@db.example.org:5432/platform',
  PUBLIC_URL: 'https://api.example.org',
  OIDC_ISSUER: 'https://id.example.org',
  OIDC_CLIENT_ID: 'platform',
  DOCUMENT_ISSUER_NAME: 'Example Operator AG',
};

function problemsWithout(name: keyof typeof complete): string[] {
  const env: Record<string, string> = { ...complete };
  delete env[name];
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

test('the nine documented settings are enough to start in production mode', () => {
  assert.is(loadConfig(complete).production, true);
});

test('each of them is required, and its absence is the only problem reported', () => {
  assert.equal(problemsWithout('ADMIN_API_KEY'), ['ADMIN_API_KEY is required when NODE_ENV=production']);
  assert.equal(problemsWithout('DATA_ADMIN_SECRET'), ['DATA_ADMIN_SECRET is required when NODE_ENV=production']);
  assert.equal(problemsWithout('SIGNING_KEY_SECRET'), ['SIGNING_KEY_SECRET is required when NODE_ENV=production']);
  assert.equal(problemsWithout('KYC_DATA_KEYS'), ['KYC_DATA_KEYS is required when NODE_ENV=production']);
  assert.equal(problemsWithout('DATABASE_URL'), ['DATABASE_URL is required when NODE_ENV=production']);
  assert.equal(problemsWithout('PUBLIC_URL'), ['PUBLIC_URL is required when NODE_ENV=production']);
  assert.equal(problemsWithout('OIDC_ISSUER'), [
    'OIDC_ISSUER is required when NODE_ENV=production (the built-in provider is for development only)',
  ]);
  assert.equal(problemsWithout('OIDC_CLIENT_ID'), ['OIDC_CLIENT_ID is required when OIDC_ISSUER is set']);
  assert.equal(problemsWithout('DOCUMENT_ISSUER_NAME'), [
    'DOCUMENT_ISSUER_NAME is required when NODE_ENV=production (documents would name the demo operator)',
  ]);
});

test('with a real KYC provider, production needs the webhook secret too', () => {
  const kyc = { ...complete, KYC_URL: 'https://kyc.example.org', KYC_APP_TOKEN: 'app', KYC_SECRET_KEY: 'secret' };
  try {
    loadConfig(kyc);
    assert.unreachable('started without KYC_WEBHOOK_SECRET');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.equal((error as ConfigError).problems, [
      'KYC_WEBHOOK_SECRET is required when NODE_ENV=production and KYC_URL is set',
    ]);
  }
  assert.is(
    loadConfig({ ...kyc, KYC_WEBHOOK_SECRET: 'webhook-secret-0123456789' }).kycWebhookSecret,
    'webhook-secret-0123456789',
  );
});

test('the API explorer is on outside production mode and off in it, unless API_EXPLORER says otherwise', () => {
  assert.equal(
    [
      loadConfig({}),
      loadConfig({ API_EXPLORER: 'off' }),
      loadConfig(complete),
      loadConfig({ ...complete, API_EXPLORER: 'on' }),
    ].map((config) => config.apiExplorer),
    [true, false, false, true],
  );
  try {
    loadConfig({ API_EXPLORER: 'yes' });
    assert.unreachable('accepted API_EXPLORER=yes');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.equal((error as ConfigError).problems, ["API_EXPLORER must be one of on, off, got 'yes'"]);
  }
});

test('responses are checked (fail) outside production mode and not in it, unless RESPONSE_VALIDATION says otherwise', () => {
  assert.equal(
    [
      loadConfig({}),
      loadConfig({ RESPONSE_VALIDATION: 'log' }),
      loadConfig(complete),
      loadConfig({ ...complete, RESPONSE_VALIDATION: 'fail' }),
    ].map((config) => config.responseValidation),
    ['fail', 'log', 'off', 'fail'],
  );
  try {
    loadConfig({ RESPONSE_VALIDATION: 'on' });
    assert.unreachable('accepted RESPONSE_VALIDATION=on');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.equal((error as ConfigError).problems, ["RESPONSE_VALIDATION must be one of fail, log, off, got 'on'"]);
  }
});

test('only NODE_ENV=production, exactly, is production mode', () => {
  for (const value of ['', 'development', 'test', 'Production', 'prod']) {
    assert.is(loadConfig({ NODE_ENV: value }).production, false, value);
  }
});

test.run();
