// Request count and latency of both servers (docs/metrics.md#requests): labelled by server,
// method, route template and status class, never by raw path or exact status, so the label set
// stays bounded whatever clients send. The request count is the latency histogram's count per
// label set, copied into `http_requests_total` when the metrics are read: one label lookup per
// request instead of two (docs/benchmarks-log.md#no-describe-and-one-metric-lookup-2026-12-01-late).
import { Counter, Histogram, type Registry } from 'prom-client';

/** `api` is PORT (REST and /graphql), `data` is DATA_PORT (the data-access layer). */
export type ServerName = 'api' | 'data';

export interface RequestObservation {
  readonly server: ServerName;
  readonly method: string;
  /** The route template (`/invoices/{invoiceId}`) or `unmatched`. */
  readonly route: string;
  readonly status: number;
}

/** Methods outside this list are counted as `other`: a client can send any token as a method. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

export function createHttpMetrics(registry: Registry): (request: RequestObservation, seconds: number) => void {
  const labelNames = ['server', 'method', 'route', 'status_class'] as const;
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by server, method, route template and status class',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by server, method, route template and status class',
    labelNames,
    registers: [registry],
    async collect() {
      const observed = await duration.get();
      this.reset();
      for (const { metricName, labels, value } of observed.values)
        if (metricName === 'http_request_duration_seconds_count') this.inc(labels, value);
    },
  });
  return (request, seconds) => {
    const labels = {
      server: request.server,
      method: knownMethods.has(request.method) ? request.method : 'other',
      route: request.route,
      status_class: statusClass(request.status),
    };
    duration.observe(labels, seconds);
  };
}
