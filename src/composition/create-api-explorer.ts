// The API explorer for the composition root (docs/api-explorer.md): with API_EXPLORER on, its
// mount on the main port and its wrapper around the data layer's listener; off, neither, and
// its paths answer 404 (GET /graphql and GET /v1/graphql 405) as any unknown route does.
import type { RequestListener } from 'node:http';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { withApiExplorer } from '../data-layer/data-layer-explorer.ts';
import { apiExplorerMount } from '../http/api-explorer-mount.ts';
import type { HttpState } from '../http/koa-state.ts';

export interface ApiExplorerWiring {
  /** Mounted ahead of the main port's router, after the development identity provider. */
  readonly mounts: readonly Middleware<HttpState>[];
  /** Wraps the data layer's listener, inside its request metrics and access log. */
  readonly wrapDataLayer: (listener: RequestListener) => RequestListener;
}

export function createApiExplorer(options: { enabled: boolean; logger: Logger }): ApiExplorerWiring {
  if (!options.enabled) return { mounts: [], wrapDataLayer: (listener) => listener };
  return {
    mounts: [apiExplorerMount()],
    wrapDataLayer: (listener) => withApiExplorer(listener, options.logger.child({ component: 'data-layer' })),
  };
}
