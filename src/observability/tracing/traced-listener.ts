// A span per HTTP request on both ports (docs/tracing.md#spans): SERVER kind, the caller's W3C
// `traceparent` as its parent, the request handled inside its context so every span below is
// its child, ended when the response closes with its status. The span rides on the response, so
// the access log line can name its trace (traceIdOf) wherever that line is written.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracer, tracingOn } from './tracing.ts';

const spanKey = Symbol('server span');
type Traced = ServerResponse & { [spanKey]?: Span };

/** The trace id of the request a response answers, when tracing is on. */
export function traceIdOf(response: ServerResponse): string | undefined {
  return (response as Traced)[spanKey]?.spanContext().traceId;
}

/** Names the request's span after its route template once the route is known (never the raw path). */
export function nameServerSpan(response: ServerResponse, method: string, route: string): void {
  const span = (response as Traced)[spanKey];
  if (!span) return;
  span.updateName(`${method} ${route}`);
  span.setAttribute('http.route', route);
}

function onClose(this: Traced): void {
  const span = this[spanKey];
  if (!span) return;
  span.setAttribute('http.response.status_code', this.statusCode);
  if (this.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  if (!this.writableFinished) span.setAttribute('http.response.cut', true);
  // After the response's other 'close' listeners: the data layer's access log names the span's route there.
  process.nextTick(() => span.end());
}

/** `listener` with a span per request while tracing is on; `listener` itself otherwise. */
export function tracedListener(listener: RequestListener, server: 'api' | 'data'): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (!tracingOn()) return listener(request, response);
    const parent = propagation.extract(context.active(), request.headers);
    const method = request.method ?? 'GET';
    const span = tracer().startSpan(
      method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': method,
          'server.name': server,
          'network.protocol.version': request.httpVersion,
        },
      },
      parent,
    );
    (response as Traced)[spanKey] = span;
    response.on('close', onClose);
    context.with(trace.setSpan(parent, span), () => listener(request, response));
  };
}
