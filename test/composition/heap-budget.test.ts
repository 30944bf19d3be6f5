// The memory budget check at start (src/composition/heap-budget.ts): caches plus reserve within the heap limit.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fixedCacheBytes, heapBudgetProblem, heapReserveBytes } from '../../src/composition/heap-budget.ts';

const mebibyte = 1024 * 1024;

test('the fixed caches are the document, data-layer and image caches: 168 MiB', () => {
  assert.is(fixedCacheBytes, 168 * mebibyte);
});

test('the default result cache fits the heap limit npm start sets (512 MiB old space, 16 MiB semi-spaces)', () => {
  assert.is(heapBudgetProblem(64 * mebibyte, 560 * mebibyte), undefined);
});

test('a limit exactly at caches plus reserve is enough', () => {
  assert.is(heapBudgetProblem(64 * mebibyte, fixedCacheBytes + 64 * mebibyte + heapReserveBytes), undefined);
});

test('a result cache that would not fit is refused with the figures and both remedies', () => {
  assert.is(
    heapBudgetProblem(200 * mebibyte, 560 * mebibyte),
    'the V8 heap limit (560 MiB) is below what the caches may hold plus a reserve (168 MiB fixed + RESULT_CACHE_MB 200 + 256 MiB = 624 MiB): lower RESULT_CACHE_MB or start node with a larger --max-old-space-size',
  );
});

test.run();
