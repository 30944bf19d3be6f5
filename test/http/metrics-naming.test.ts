// The /metrics exposition keeps the Prometheus naming rule that `promtool check metrics` checks
// (docs/metrics.md#checking-the-exposition): a counter's name ends in `_total`, no other type's does.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestService, startTestService } from '../support/test-service.ts';

let service: TestService;

test.before(async () => {
  service = await startTestService();
});
test.after(async () => {
  await service.stop();
});

/** Each `# TYPE <name> <type>` line of the exposition, as name → type. */
function declaredTypes(exposition: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const match of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) types.set(match[1]!, match[2]!);
  return types;
}

test('every counter ends in _total and no gauge, histogram or summary does', async () => {
  await service.request('GET', '/healthz');
  const response = await service.request('GET', '/metrics');
  assert.is(response.status, 200);
  const types = declaredTypes(response.text);
  assert.ok(types.size > 10, `the exposition declares its metrics (${types.size} found)`);
  const misnamed = [...types].filter(([name, type]) => (type === 'counter') !== name.endsWith('_total'));
  assert.equal(misnamed, []);
});

test('the default collectors keep their per-type gauges but not the _total gauges', async () => {
  const types = declaredTypes((await service.request('GET', '/metrics')).text);
  assert.is(types.get('nodejs_active_handles'), 'gauge');
  assert.is(types.get('nodejs_active_resources'), 'gauge');
  assert.is(types.get('nodejs_active_handles_total'), undefined);
  assert.is(types.get('nodejs_active_requests_total'), undefined);
  assert.is(types.get('nodejs_active_resources_total'), undefined);
  assert.is(types.get('process_cpu_seconds_total'), 'counter');
});

test.run();
