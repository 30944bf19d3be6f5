// The SDK runtime stays within its size budget (docs/sdk.md#size): the shipped runtime, bundled,
// minified and gzipped, at most 6 kB.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { measureRuntimeSize, runtimeBudgetBytes } from '../../scripts/sdk-runtime-size.ts';

test('the runtime is at most 6 kB min+gzip', async () => {
  const size = await measureRuntimeSize();
  assert.ok(size.gzippedBytes > 0);
  assert.ok(size.gzippedBytes <= runtimeBudgetBytes, `${size.gzippedBytes} B min+gzip > ${runtimeBudgetBytes} B`);
});

test.run();
