// Runs work inside a child span of the active one (docs/tracing.md#spans): the span is active for
// the work, so spans it starts are its children; it ends when the work settles, marked as an
// error when it throws. Callers check tracingOn() first, so a request pays nothing while off.
import { type Attributes, context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracer } from './tracing.ts';

export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => T,
  kind: SpanKind = SpanKind.INTERNAL,
): T {
  const span = tracer().startSpan(name, { kind, attributes });
  let result: T;
  try {
    result = context.with(trace.setSpan(context.active(), span), () => work(span));
  } catch (error) {
    fail(span, error);
    throw error;
  }
  if (result instanceof Promise) {
    return result.then(
      (value) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        fail(span, error);
        throw error;
      },
    ) as T;
  }
  span.end();
  return result;
}

function fail(span: Span, error: unknown): void {
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message.slice(0, 200) : 'failed',
  });
  span.end();
}
