// The OTC settings of loadConfig (docs/configuration.md, docs/trading.md#configuration): a quote
// lifetime of 30 seconds and a fee of 25 basis points by default, each settable, and values out of
// range refused at start with the setting named.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

test('defaults: quotes live 30 seconds, the fee is 25 bps', () => {
  assert.equal(loadConfig({}).trading, { quoteTtlSeconds: 30, feeBps: 25 });
});

test('both are settable, a fee of 0 included', () => {
  assert.equal(loadConfig({ OTC_QUOTE_TTL_SECONDS: '1', OTC_FEE_BPS: '0' }).trading, { quoteTtlSeconds: 1, feeBps: 0 });
  assert.equal(loadConfig({ OTC_QUOTE_TTL_SECONDS: '3600', OTC_FEE_BPS: '1000' }).trading, {
    quoteTtlSeconds: 3600,
    feeBps: 1000,
  });
});

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    assert.instance(error, ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('the configuration loaded');
}

test('values out of range are refused, each named', () => {
  assert.equal(problems({ OTC_QUOTE_TTL_SECONDS: '0', OTC_FEE_BPS: '1001' }), [
    "OTC_QUOTE_TTL_SECONDS must be from 1 to 3600, got '0'",
    "OTC_FEE_BPS must be from 0 to 1000, got '1001'",
  ]);
  assert.equal(problems({ OTC_QUOTE_TTL_SECONDS: '3601' }), [
    "OTC_QUOTE_TTL_SECONDS must be from 1 to 3600, got '3601'",
  ]);
  assert.equal(problems({ OTC_QUOTE_TTL_SECONDS: '2.5', OTC_FEE_BPS: '-1' }), [
    "OTC_QUOTE_TTL_SECONDS must be a whole number >= 0, got '2.5'",
    "OTC_FEE_BPS must be a whole number >= 0, got '-1'",
  ]);
});

test.run();
