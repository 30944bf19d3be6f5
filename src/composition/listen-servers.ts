// The two servers of the service. They listen before the routes are built: with PORT=0 the
// public URL, which is the token issuer, is known only after listen
// (docs/decisions/listen-before-building-routes.md). Until serve() they answer 503. Draining them
// is registered at once: both stop accepting together when the shutdown begins
// (docs/service.md#shutdown). A port whose public URL is https answers with
// Strict-Transport-Security (src/http/strict-transport-security.ts).
import http, { type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config/config.ts';
import { dataLayerNotReady } from '../data-layer/data-layer-app.ts';
import { withStrictTransportSecurity } from '../http/strict-transport-security.ts';
import { drainableServer } from './drain-server.ts';
import { tracedListener } from '../observability/tracing/traced-listener.ts';
import type { ShutdownSteps } from './shutdown-steps.ts';

export interface ListeningServers {
  /** The REST and business GraphQL server, which subscriptions upgrade on. */
  readonly server: http.Server;
  /** The data layer's server, which its subscriptions upgrade on. */
  readonly dataServer: http.Server;
  readonly url: string;
  readonly dataUrl: string;
  /** Ends the 503 answers: from now on requests reach the app and the data layer. */
  serve(app: RequestListener, dataLayer: RequestListener): void;
}

export async function listenServers(config: Config, shutdown: ShutdownSteps): Promise<ListeningServers> {
  const server = http.createServer(notReadyYet);
  const dataServer = http.createServer(dataLayerNotReady);
  shutdown.drain(drainableServer(server));
  shutdown.drain(drainableServer(dataServer));
  await listen(server, config.port, config.host);
  await listen(dataServer, config.dataPort, config.host);
  return {
    server,
    dataServer,
    url: publicOrBound(config.publicUrl, config.port, server),
    dataUrl: publicOrBound(config.dataPublicUrl, config.dataPort, dataServer),
    serve(app, dataLayer) {
      server.removeListener('request', notReadyYet);
      server.on('request', tracedListener(withStrictTransportSecurity(app, config.publicUrl), 'api'));
      dataServer.removeListener('request', dataLayerNotReady);
      dataServer.on('request', tracedListener(withStrictTransportSecurity(dataLayer, config.dataPublicUrl), 'data'));
    },
  };
}

/** Requests that arrive between listen() and the end of start-up. */
function notReadyYet(_request: http.IncomingMessage, response: http.ServerResponse): void {
  response.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
  response.end(
    JSON.stringify({
      success: false,
      message: 'service is starting',
      code: 'SERVICE_UNAVAILABLE',
      requestId: 'starting',
    }),
  );
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function publicOrBound(publicUrl: string, configuredPort: number, server: http.Server): string {
  if (configuredPort !== 0) return publicUrl;
  const address = server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}
