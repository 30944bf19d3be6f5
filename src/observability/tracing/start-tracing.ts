// Starts OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/tracing.md): a
// tracer provider exporting spans over OTLP/HTTP (JSON) in batches, the W3C `traceparent`
// propagator and an AsyncLocalStorage context, so a span started anywhere in a request is the
// child of the span around it. Loaded only then (start-service.ts imports it lazily).
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { switchTracing, tracingOn } from './tracing.ts';

/** How long the shutdown waits for the last spans to reach the collector. */
const flushBudgetMs = 2_000;

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to `<endpoint>/v1/traces`. */
  readonly endpoint: string;
  /** OTEL_SERVICE_NAME, else the service's own name (package.json). */
  readonly serviceName: string;
  readonly serviceVersion: string;
}

/** Tracing on for this process; `close` flushes what is pending and turns it off. */
export function startTracing(options: TracingOptions): { close(): Promise<void> } {
  if (tracingOn()) return { close: async () => {} };
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.serviceName,
      'service.version': options.serviceVersion,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  switchTracing(true);
  return {
    async close() {
      switchTracing(false);
      // A collector that does not answer must not hold the shutdown: the last spans get 2 s.
      await Promise.race([
        provider.forceFlush().then(() => provider.shutdown()),
        new Promise((resolve) => setTimeout(resolve, flushBudgetMs).unref()),
      ]);
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
