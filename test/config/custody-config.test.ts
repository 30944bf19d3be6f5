// The custody settings of loadConfig (docs/configuration.md, docs/custody.md#configuration): the
// simulator's timing (CUSTODY_SIM_BROADCAST_MS, CUSTODY_SIM_CONFIRM_MS), the approvals a new
// custodial wallet needs (CUSTODY_APPROVALS_REQUIRED) and the reconciliation's interval
// (RECONCILE_INTERVAL_SECONDS, docs/ledger.md#reconciliation): defaults, values as given, what is refused.
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

test('defaults: broadcast 5 s after signing, confirmed a minute later; one approval per custodial wallet', () => {
  const { providers } = loadConfig({});
  assert.equal(
    [providers.custodySimulatorTiming, providers.custodyApprovalsRequired],
    [{ broadcastAfterMs: 5_000, confirmAfterMs: 60_000 }, 1],
  );
});

test('values are read as given: milliseconds, and approvals from 0 to 10', () => {
  const { providers } = loadConfig({
    CUSTODY_SIM_BROADCAST_MS: '50',
    CUSTODY_SIM_CONFIRM_MS: '200',
    CUSTODY_APPROVALS_REQUIRED: '0',
  });
  assert.equal(
    [providers.custodySimulatorTiming, providers.custodyApprovalsRequired],
    [{ broadcastAfterMs: 50, confirmAfterMs: 200 }, 0],
  );
  assert.is(loadConfig({ CUSTODY_APPROVALS_REQUIRED: '10' }).providers.custodyApprovalsRequired, 10);
});

test('non-numbers, negative times and more than 10 approvals are refused, each listed', () => {
  assert.equal(
    problemsOf({ CUSTODY_SIM_BROADCAST_MS: '5s', CUSTODY_SIM_CONFIRM_MS: '-1', CUSTODY_APPROVALS_REQUIRED: '1.5' }),
    [
      "CUSTODY_SIM_BROADCAST_MS must be a whole number >= 0, got '5s'",
      "CUSTODY_SIM_CONFIRM_MS must be a whole number >= 0, got '-1'",
      "CUSTODY_APPROVALS_REQUIRED must be a whole number >= 0, got '1.5'",
    ],
  );
  assert.equal(problemsOf({ CUSTODY_APPROVALS_REQUIRED: '11' }), [
    "CUSTODY_APPROVALS_REQUIRED must be from 0 to 10, got '11'",
  ]);
});

test('the reconciliation runs every 15 minutes unless told; 0 turns it off; more than a week is refused', () => {
  assert.is(loadConfig({}).providers.reconcileIntervalSeconds, 900);
  assert.is(loadConfig({ RECONCILE_INTERVAL_SECONDS: '0' }).providers.reconcileIntervalSeconds, 0);
  assert.is(loadConfig({ RECONCILE_INTERVAL_SECONDS: '604800' }).providers.reconcileIntervalSeconds, 604_800);
  assert.equal(problemsOf({ RECONCILE_INTERVAL_SECONDS: '604801' }), [
    "RECONCILE_INTERVAL_SECONDS must be from 0 to 604800, got '604801'",
  ]);
  assert.equal(problemsOf({ RECONCILE_INTERVAL_SECONDS: '15m' }), [
    "RECONCILE_INTERVAL_SECONDS must be a whole number >= 0, got '15m'",
  ]);
});

test.run();
