// The service's memory budget (docs/service.md#memory): the byte bounds of its in-process
// caches plus a reserve for everything else (the code, requests in flight, PDF buffers) must fit
// within V8's heap limit, which `npm start` sets (--max-old-space-size) so that the garbage V8
// lets pile up before it collects stays bounded. A configuration whose caches could fill that
// limit is refused at start, rather than ending in an out-of-memory crash under load.
import { getHeapStatistics } from 'node:v8';
import { preparedOperationBytes } from '../data-layer/request/prepare-data-request.ts';
import { preparedDocumentBytes } from '../data-layer/request/prepared-documents.ts';
import { assetCacheBytes } from '../domain/assets/asset-service.ts';
import { documentCacheBytes } from '../graphql/document-cache.ts';

const mebibyte = 1024 * 1024;

/** What the service holds besides its caches at its busiest: measured at about 120 MiB under fuzzing. */
export const heapReserveBytes = 256 * mebibyte;

/** The caches whose bounds do not depend on configuration. */
export const fixedCacheBytes = documentCacheBytes + preparedDocumentBytes + preparedOperationBytes + assetCacheBytes;

/** A message saying why the heap limit is too small for the caches, or undefined when it is not. */
export function heapBudgetProblem(
  resultCacheBytes: number,
  heapLimitBytes: number = getHeapStatistics().heap_size_limit,
): string | undefined {
  const needed = fixedCacheBytes + resultCacheBytes + heapReserveBytes;
  if (needed <= heapLimitBytes) return undefined;
  const mb = (bytes: number) => Math.ceil(bytes / mebibyte);
  return (
    `the V8 heap limit (${mb(heapLimitBytes)} MiB) is below what the caches may hold plus a reserve ` +
    `(${mb(fixedCacheBytes)} MiB fixed + RESULT_CACHE_MB ${mb(resultCacheBytes)} + ${mb(heapReserveBytes)} MiB = ${mb(needed)} MiB): ` +
    `lower RESULT_CACHE_MB or start node with a larger --max-old-space-size`
  );
}
