// The assets area (docs/assets.md): public coin, flag and network images, no credentials.
import { createAssetService } from '../domain/assets/asset-service.ts';
import { assetHandlers } from '../http/handlers/asset-handlers.ts';

export function createAssets() {
  return { handlers: assetHandlers(createAssetService()) };
}
