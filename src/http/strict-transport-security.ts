// Strict-Transport-Security on every answer of a port whose public URL is https
// (docs/configuration.md#public-urls): TLS ends in front of the service (a proxy or a load
// balancer), so the scheme of PUBLIC_URL (DATA_PUBLIC_URL for the data port) is the only sign
// that clients reach it over https. Set on the response before any handler runs, so the Koa
// app, the GraphQL fast lane, the data layer and the development identity provider all send it.
import type { RequestListener } from 'node:http';

/** One year: what browsers and scanners expect; long enough that a first visit protects later ones. */
export const strictTransportMaxAgeSeconds = 31_536_000;

/**
 * The header's value for a public URL, or null when it is not https. No `includeSubDomains`: the
 * service does not know the other hosts of its domain; no `preload`: an operator's decision.
 */
export function strictTransportSecurity(publicUrl: string): string | null {
  return publicUrl.toLowerCase().startsWith('https://') ? `max-age=${strictTransportMaxAgeSeconds}` : null;
}

/** `listener` with the header on every response when `publicUrl` is https; `listener` itself otherwise. */
export function withStrictTransportSecurity(listener: RequestListener, publicUrl: string): RequestListener {
  const value = strictTransportSecurity(publicUrl);
  if (value === null) return listener;
  return (request, response) => {
    response.setHeader('Strict-Transport-Security', value);
    listener(request, response);
  };
}
