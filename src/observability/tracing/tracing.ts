// Whether OpenTelemetry traces are on (docs/tracing.md), read by every hook before it does
// anything: while off (OTEL_EXPORTER_OTLP_ENDPOINT unset) a request pays one boolean read per
// hook, no span and no context switch. Only @opentelemetry/api is loaded here; the SDK loads with
// start-tracing.ts, when tracing is switched on.
import { trace, type Tracer } from '@opentelemetry/api';

let on = false;

/** Whether spans are recorded. */
export function tracingOn(): boolean {
  return on;
}

/** start-tracing.ts only. */
export function switchTracing(to: boolean): void {
  on = to;
}

/** The service's tracer; a no-op one while tracing is off. */
export function tracer(): Tracer {
  return trace.getTracer('wealth-platform');
}
