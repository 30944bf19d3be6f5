// The coin price, AML, simulated market and value history settings of loadConfig
// (docs/configuration.md, docs/providers.md, docs/valuation.md): defaults, the maximum age derived
// from the refresh interval, and what is refused.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    assert.instance(error, ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

test('defaults: a refresh every 5 minutes, stale after 15, simulators for both providers', () => {
  const { providers } = loadConfig({});
  assert.equal(
    {
      coinPricesUrl: providers.coinPricesUrl,
      coinPricesRefreshMs: providers.coinPricesRefreshMs,
      coinPricesMaxAgeMs: providers.coinPricesMaxAgeMs,
      amlUrl: providers.amlUrl,
      amlApiKey: providers.amlApiKey,
    },
    {
      coinPricesUrl: undefined,
      coinPricesRefreshMs: 300_000,
      coinPricesMaxAgeMs: 900_000,
      amlUrl: undefined,
      amlApiKey: undefined,
    },
  );
});

test('the maximum age follows the interval unless set; both are read as milliseconds', () => {
  assert.is(loadConfig({ COIN_PRICES_REFRESH_MS: '60000' }).providers.coinPricesMaxAgeMs, 180_000);
  const { providers } = loadConfig({ COIN_PRICES_REFRESH_MS: '60000', COIN_PRICES_MAX_AGE_MS: '60000' });
  assert.equal([providers.coinPricesRefreshMs, providers.coinPricesMaxAgeMs], [60_000, 60_000]);
});

test('an AML URL needs its API key; the key is kept as given', () => {
  assert.equal(problemsOf({ AML_URL: 'https://aml.example.org' }), ['AML_API_KEY is required when AML_URL is set']);
  const { providers } = loadConfig({ AML_URL: 'https://aml.example.org', AML_API_KEY: 'key-123' });
  assert.equal([providers.amlUrl, providers.amlApiKey], ['https://aml.example.org', 'key-123']);
});

test('too short an interval, a maximum age below it, and non-numbers are refused, each listed', () => {
  assert.equal(problemsOf({ COIN_PRICES_REFRESH_MS: '999' }), [
    "COIN_PRICES_REFRESH_MS must be at least 1000, got '999'",
  ]);
  assert.equal(problemsOf({ COIN_PRICES_REFRESH_MS: '60000', COIN_PRICES_MAX_AGE_MS: '59999' }), [
    "COIN_PRICES_MAX_AGE_MS must be at least the refresh interval (60000), got '59999'",
  ]);
  assert.equal(problemsOf({ COIN_PRICES_REFRESH_MS: '5m', COIN_PRICES_MAX_AGE_MS: '-1', AML_URL: 'ftp://aml' }), [
    "COIN_PRICES_REFRESH_MS must be a whole number >= 0, got '5m'",
    "COIN_PRICES_MAX_AGE_MS must be a whole number >= 0, got '-1'",
    "AML_URL must use one of http:, https:, got 'ftp:'",
    'AML_API_KEY is required when AML_URL is set',
  ]);
});

test('the simulated market: seed 1 unless SIMULATED_MARKET_SEED says, a 32-bit whole number', () => {
  assert.is(loadConfig({}).providers.simulatedMarketSeed, 1);
  assert.is(loadConfig({ SIMULATED_MARKET_SEED: '4294967295' }).providers.simulatedMarketSeed, 4_294_967_295);
  assert.equal(problemsOf({ SIMULATED_MARKET_SEED: '4294967296' }), [
    "SIMULATED_MARKET_SEED must be at most 4294967295, got '4294967296'",
  ]);
  assert.equal(problemsOf({ SIMULATED_MARKET_SEED: '-1' }), [
    "SIMULATED_MARKET_SEED must be a whole number >= 0, got '-1'",
  ]);
});

test('the value history job: on unless VALUE_HISTORY=off', () => {
  assert.is(loadConfig({}).valueHistory, true);
  assert.is(loadConfig({ VALUE_HISTORY: 'off' }).valueHistory, false);
  assert.equal(problemsOf({ VALUE_HISTORY: 'yes' }).length, 1);
});

test.run();
