// The assets area (docs/assets.md): public coin, flag and network images, no credentials.
import { createAssetService } from '../domain/assets/asset-service.ts';
import { assetHandlers } from '../http/handlers/asset-handlers.ts';
import type { Metrics } from '../observability/metrics.ts';

export function createAssets(deps: { metrics: Metrics }) {
  return { handlers: assetHandlers(createAssetService({ cacheObserver: deps.metrics.cache('asset_images') })) };
}
