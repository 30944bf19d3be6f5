// The fetch every provider client calls by default (docs/tracing.md#spans): while tracing is on,
// a CLIENT span per call named after the provider, with the W3C `traceparent` of that span sent
// along, so the provider's own traces join ours. The query string is left out of the span (it can
// carry a credential); off, it is the global fetch itself.
import { context, propagation, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { inSpan } from './in-span.ts';
import { tracingOn } from './tracing.ts';

export function providerFetch(provider: string): typeof fetch {
  return (input, init) => {
    if (!tracingOn()) return globalThis.fetch(input, init);
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const attributes = {
      'http.request.method': method,
      'server.address': url.hostname,
      'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      'url.path': url.pathname,
      'peer.service': provider,
    };
    return inSpan(
      `${provider} ${method}`,
      attributes,
      async (span) => {
        const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
        propagation.inject(context.active(), headers, { set: (carrier, key, value) => carrier.set(key, value) });
        const response = await globalThis.fetch(input, { ...init, headers });
        span.setAttribute('http.response.status_code', response.status);
        if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        return response;
      },
      SpanKind.CLIENT,
    );
  };
}
